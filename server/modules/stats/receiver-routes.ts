/**
 * The receiver (apps report records; the config check: public, open to any origin, also taking
 * the text/plain JSON that navigator.sendBeacon sends) and the statistics settings (MANAGE_UNI_STAT).
 */
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STAT_KINDS, STAT_PLATFORMS } from '../../../shared/stat';
import type { ModuleApp } from '../../core/context';
import { AppError } from '../../core/errors';
import { ok, Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';
import { ACCESS } from '../../core/access';
import { IngestBuffer } from './buffer';
import { MAX_RECORDS, STAT_CAPS } from './receiver-check';
import { StatReceiver } from './receiver';

const Text = (max: number) => Type.Optional(Type.String({ maxLength: max }));

/** the wire format, for the API document and the SDK (the receiver checks each record itself) */
const StatRecordT = Type.Object(
  {
    id: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$', description: 'client event id: a retry with the same id and ts is stored once' })),
    ts: Type.Integer({ description: 'ms since 1970 (client clock)' }),
    kind: Type.Union(Object.keys(STAT_KINDS).map((k) => Type.Literal(k))),
    sid: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' }),
    url: Text(STAT_CAPS.url),
    referrer: Text(STAT_CAPS.referrer),
    title: Type.Optional(Type.String({ description: `cut to ${STAT_CAPS.title} characters` })),
    name: Type.Optional(Type.String({ maxLength: 255 })),
    value: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Object({})])),
    message: Type.Optional(Type.String({ description: `cut to ${STAT_CAPS.message} characters` })),
    stack: Type.Optional(Type.String({ description: `cut to ${STAT_CAPS.stack} characters` })),
    order_no: Text(STAT_CAPS.order_no),
    amount_cents: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { $id: 'StatRecord' },
);

const StatReportT = Type.Object({
  appid: Type.String({ maxLength: 64 }),
  device_id: Type.String({ minLength: 16, maxLength: 48 }),
  uid: Text(STAT_CAPS.uid),
  platform: Type.Union(STAT_PLATFORMS.map((p) => Type.Literal(p))),
  channel: Text(STAT_CAPS.channel),
  scene: Text(STAT_CAPS.scene),
  version: Text(STAT_CAPS.version),
  os: Text(STAT_CAPS.os),
  device_model: Text(STAT_CAPS.device_model),
  screen: Text(STAT_CAPS.screen),
  language: Text(STAT_CAPS.language),
  records: Type.Array(Type.Ref('StatRecord'), { maxItems: MAX_RECORDS }),
});

const StatReportResultT = Type.Object(
  {
    /** records new to the statistics */
    accepted: Type.Integer(),
    /** records already received (same id and ts) */
    duplicates: Type.Integer(),
    /** records refused: their index in records, the catalogue code and the field */
    rejected: Type.Array(Type.Object({ index: Type.Integer(), code: Type.String(), field: Type.String() })),
  },
  { $id: 'StatReportResult' },
);

const StatConfigT = Type.Object(
  {
    enabled: Type.Boolean(),
    report_interval_s: Type.Integer(),
    session_overtime_app_s: Type.Integer(),
    session_overtime_page_s: Type.Integer(),
    /** how long an app keeps this answer */
    cache_ms: Type.Integer(),
  },
  { $id: 'StatConfig' },
);

const SettingsFields = {
  enabled: Type.Boolean(),
  /** whole hours, UTC-12 to UTC+14 */
  tz_offset_minutes: Type.Integer({ minimum: -720, maximum: 840 }),
  report_interval_s: Type.Integer({ minimum: 1, maximum: 3600 }),
  raw_retention_days: Type.Integer({ minimum: 7, maximum: 3660 }),
  rate_limit_per_minute: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
};
const StatSettingsT = Type.Object(SettingsFields, { $id: 'StatSettings' });

/** a report body can hold 500 records with long stacks */
const REPORT_BODY_LIMIT = 4 * 1024 * 1024;

/** the catalogue's 429s say when to come back; the header says it to clients that read headers */
function withRetryAfter(reply: FastifyReply, e: unknown): never {
  if (e instanceof AppError && e.status === 429 && e.params?.seconds !== undefined) reply.header('retry-after', String(e.params.seconds));
  throw e;
}

export async function receiverRoutes(ctx: ModuleContext) {
  const { app, config, stats } = ctx;
  for (const s of [StatRecordT, StatReportResultT, StatConfigT, StatSettingsT]) app.addSchema(s);

  const buffer: IngestBuffer = new IngestBuffer(
    stats.store.ingest,
    async (): Promise<number> => (await receiver.settings()).tz_offset_minutes,
    { ...config.statIngest, maxRows: config.statIngest.bufferRows },
    app.log,
  );
  const receiver: StatReceiver = new StatReceiver(stats, buffer);
  // shutdown: the requests in flight are answered after their rows are written (the http server
  // waits for them), then the buffer is closed and drained; both before the pools end
  app.addHook('preClose', () => buffer.drain());
  app.addHook('onClose', () => buffer.close());

  await app.register(async (scope: ModuleApp) => {
    // the same JSON parsing for application/json and text/plain (sendBeacon), and a body that is
    // not JSON named as such (field body)
    const json = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser(['application/json', 'text/plain']);
    scope.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string', bodyLimit: REPORT_BODY_LIMIT }, (req, body, done) => {
      json(req, body as string, (err, value) => (err ? done(new AppError('STAT_BODY_INVALID', { field: 'body' }), undefined) : done(null, value)));
    });
    scope.addHook('onRequest', async (_req, reply) => {
      reply.header('access-control-allow-origin', '*');
      reply.header('access-control-expose-headers', 'retry-after, x-request-id');
    });
    const preflight = async (req: FastifyRequest, reply: FastifyReply) => {
      const asked = req.headers['access-control-request-headers'];
      return reply
        .status(204)
        .header('access-control-allow-methods', 'GET, POST, OPTIONS')
        .header('access-control-allow-headers', typeof asked === 'string' && asked.length < 500 ? asked : 'content-type')
        .header('access-control-max-age', '86400')
        .send();
    };
    for (const url of ['/api/stat/report', '/api/stat/config']) scope.options(url, { config: { access: 'public' }, schema: { hide: true } }, preflight);

    scope.post('/api/stat/report', {
      // the receiver bounds each record's nesting itself (checkRecord): a record too deep is named
      // in `rejected` rather than the whole report refused
      config: { access: 'public', inputDepth: 'own' },
      // the answer is a few bytes: compressing it is all cost
      compress: false,
      bodyLimit: REPORT_BODY_LIMIT,
      // the schema documents the wire format; the receiver checks the body itself, so one bad
      // record is named in `rejected` instead of refusing the whole report
      validatorCompiler: () => () => true,
      schema: {
        tags: ['stat'],
        summary: "an app's statistics records (answered once they are stored)",
        body: StatReportT,
        response: { 200: Ok(Type.Ref('StatReportResult')) },
      },
      handler: async (req, reply) => {
        try {
          return ok(await receiver.report(req.body as unknown, req.headers['user-agent']));
        } catch (e) {
          return withRetryAfter(reply, e);
        }
      },
    });

    scope.get('/api/stat/config', {
      config: { access: 'public' },
      schema: {
        tags: ['stat'],
        summary: "the SDK's enable check: whether to report, and how often",
        querystring: Type.Object({ appid: Type.String({ minLength: 1, maxLength: 64 }), version: Type.Optional(Type.String({ maxLength: 64 })) }),
        response: { 200: Ok(Type.Ref('StatConfig')) },
      },
      handler: async (req) => ok(await receiver.config(req.query.appid)),
    });
  });

  app.get('/api/stat/settings', {
    config: { access: ACCESS.manageStats },
    schema: { tags: ['stat'], summary: 'the statistics settings', response: { 200: Ok(Type.Ref('StatSettings')) } },
    handler: async () => ok(await stats.settings()),
  });

  app.put('/api/stat/settings', {
    config: { access: ACCESS.manageStats },
    schema: {
      tags: ['stat'],
      summary: 'changes the statistics settings (a time zone change recomputes every rollup)',
      body: Type.Partial(Type.Object(SettingsFields), { additionalProperties: false }),
      response: { 200: Ok(Type.Ref('StatSettings')) },
    },
    handler: async (req) => {
      const { before, next } = await stats.update(req.body);
      receiver.forgetSettings();
      if (next.tz_offset_minutes !== before.tz_offset_minutes) await stats.store.rollup.rebuild(next.tz_offset_minutes);
      return ok(next);
    },
  });
}
