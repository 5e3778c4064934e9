/**
 * buildApp(deps): registers plugins and modules. Nothing runs at import; main.ts and the
 * tests call this with a config and a connected database.
 */
import AjvCompiler from '@fastify/ajv-compiler';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Config, SPEC } from './config';
import { installAccessControl, TokenService } from './core/auth';
import { clientErrorHandler, errorBody, installErrorHandling } from './core/error-handler';
import { installInputGuard } from './core/input-guard';
import { lazySerializers, lazyValidators } from './core/lazy-schemas';
import { inlineScriptsOf, installSecurityHeaders } from './core/security-headers';
import type { Db } from './db';
import { createMailer, outboxDir } from './core/mailer';
import { Jobs } from './core/jobs';
import { loadSecret } from './core/secret';
import { DayZone } from './core/day-zone';
import { SettingsStore } from './core/settings';
import { createSms } from './core/sms';
import { registerModules } from './modules';
import { CreditService } from './modules/credits/service';
import { AiModelService } from './modules/ai-models/service';
import { streamChat } from './modules/ai-models/providers';
import { messagesMissingFromSearch } from './modules/chat/service';
import { AiTaskService } from './modules/chat/tasks';
import { PaymentService } from './modules/payments/service';
import { paymentProviders } from './modules/payments/providers';
import { PromptService } from './modules/prompts/service';
import { backfillSearch } from './modules/search/backfill';
import { SearchIndex } from './modules/search/service';
import { statPools } from './modules/stats/pools';
import { rollupJob } from './modules/stats/rollup-job';
import { StatService } from './modules/stats/service';
import { AppService } from './modules/system/apps/service';
import { pgStatStore } from './modules/stats/store';
import { RegistrationPolicy } from './modules/auth/policy';
import { AccountService } from './modules/auth/service';
import { FileService } from './modules/files/service';
import { allowedOrigins } from './modules/profile/service';
import { RealnameService } from './modules/realname/service';
import { VerificationService } from './modules/verify/service';

export interface AppDeps {
  config: Config;
  db: Db;
  /** pino options or false; tests pass false */
  logger?: boolean | object;
  /** compile every route's schemas at start (the tests), not on each route's first request */
  eagerSchemas?: boolean;
}

export type App = FastifyInstance;

export async function buildApp({ config, db, logger, eagerSchemas = false }: AppDeps) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    // a hop count: the address that many proxies back from the socket (fastify's own number
    // support is not in its types); a list: the proxies' addresses/CIDRs
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // a request (headers and body) must arrive within 5 minutes (Node's own default, which
    // fastify turns off): a client trickling a body cannot hold a connection forever. Answers
    // are not limited (an AI answer streams as long as it takes). Node's 60 s for the headers stays.
    requestTimeout: 300_000,
    schemaController: {
      compilersFactory: eagerSchemas
        ? { buildValidator: buildValidators() as never }
        : { buildValidator: lazyValidators(buildValidators() as never) as never, buildSerializer: lazySerializers() as never },
    },
    // the router's own refusals (an undecodable or overlong path parameter) in the catalogue shape;
    // fastify sends these without the hooks, so the standard headers are set here
    frameworkErrors: (err, req, reply) => {
      void (reply as unknown as FastifyReply)
        .status(400)
        .headers(req.server.standardHeaders(req.id))
        .send(errorBody(req, 'INVALID_PARAM', undefined, { reason: err.message }));
    },
    // what Node refuses before routing (malformed HTTP, headers too large, timeouts)
    clientErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();

  installErrorHandling(app);
  installInputGuard(app);
  installSecurityHeaders(app, { frameOrigins: allowedOrigins([...config.webviewAllow, ...config.ads.pageAllow]), inlineScripts: consoleInlineScripts(config.staticDir) });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'AI assistant console API', version: SPEC.APP_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });

  const secret = config.jwtSecret ?? (await loadSecret(db));
  const tokens = new TokenService(secret, config.accessTokenTtlS);
  const settings = new SettingsStore(db);
  const zone = new DayZone(settings);
  const credits = new CreditService(db, zone);
  app.addHook('onClose', () => credits.stop());
  const accounts = new AccountService(db, tokens, new RegistrationPolicy(db, config), credits);
  installAccessControl(app, tokens, (p) => accounts.assertTokenStands(p));
  const mailer = createMailer(config, app.log);
  if (mailer.testMode) app.log.warn(`TEST MODE mail: no SMTP_URL set, mails go to ${outboxDir(config)} and to this log`);
  const sms = createSms(config, db, app.log);
  if (sms.testMode) app.log.warn('TEST MODE SMS: no SMS_ACCESS_KEY_ID/SMS_ACCESS_KEY_SECRET set, codes are not sent: they go to this log and to the SMS test outbox admins read in the console');
  const verification = new VerificationService(db, mailer, secret, sms, config.limits);
  const realname = new RealnameService(db, secret, accounts);

  const files = new FileService(db, config.dataDir, secret, config.uploadQuota);
  const aiModels = new AiModelService(db, secret, config.aiTestTimeoutMs);
  const aiTasks = new AiTaskService(db, credits, aiModels, streamChat, config.ai);
  const search = new SearchIndex(db);
  const payments = new PaymentService(db, config, credits, settings, paymentProviders(config.pay), app.log);
  const pools = statPools(db);
  const stats = new StatService(pgStatStore(pools), pools, settings, zone);
  app.addHook('onClose', () => pools.end());
  const apps = new AppService(db);

  await app.register(compress, { threshold: 1024 });

  app.get('/api/health', { config: { access: 'public' }, schema: { hide: true } }, async () => {
    await db.$client.query('SELECT 1');
    return { success: true, status: 'ok' };
  });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  await registerModules(app, { config, db, tokens, accounts, verification, realname, files, credits, aiModels, aiTasks, search, settings, zone, mailer, payments, stats, apps });

  // after the modules: they register what settling a hold of theirs means
  const jobs = new Jobs(
    [
      { name: 'settle-orphan-holds', everyMs: 60_000, run: () => credits.settleOrphans() },
      { name: 'nightly-reconciliation', everyMs: 10 * 60_000, run: () => credits.reconcileIfDue() },
      // orders whose notification did not come: asked about at the provider, expired when due
      { name: 'pay-requery', everyMs: 15_000, run: () => payments.requery() },
      // statistics: the app-days with new raw events recomputed into the rollups
      { name: 'stat-rollup', everyMs: 30_000, run: rollupJob(stats, app.log) },
      // the raw statistics' daily partitions: today's and tomorrow's made, those past the retention dropped
      { name: 'stat-partitions', everyMs: 3600_000, run: async () => stats.store.ingest.maintain((await stats.settings()).raw_retention_days) },
      // at start (then rarely): entries written before their module indexed them
      {
        name: 'search-backfill',
        everyMs: 24 * 3600_000,
        run: () => backfillSearch(db, search, [(n) => messagesMissingFromSearch(db, n), (n) => new PromptService(db, aiModels, search).searchEntriesMissing(n)]),
      },
    ],
    app.log,
  );
  app.addHook('onReady', async () => jobs.start());
  app.addHook('preClose', () => jobs.stop());

  await serveConsole(app, config.staticDir);
  return app;
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/**
 * Query strings and path parameters arrive as text (and a repeated key as an array), so they
 * are coerced to the schema's types; JSON bodies already carry types, and spec section 5 wants
 * a number where a string belongs refused (PARAM_ERROR), never turned into '123'.
 */
function buildValidators() {
  const pool = AjvCompiler();
  const base = { allErrors: false, removeAdditional: true } as const;
  return (externalSchemas: unknown, options: { customOptions?: object; plugins?: unknown[] } = {}) => {
    const build = (coerceTypes: false | 'array') =>
      pool(externalSchemas as never, { ...options, customOptions: { ...options.customOptions, ...base, coerceTypes } } as never);
    const strict = build(false);
    const coercing = build('array');
    return (ctx: { httpPart?: string }) => (ctx.httpPart === 'body' ? strict(ctx as never) : coercing(ctx as never));
  };
}

/** the inline scripts of the built console's index.html (the CSP allows them by hash) */
function consoleInlineScripts(dir: string): string[] {
  try {
    return inlineScriptsOf(fs.readFileSync(path.join(dir, 'index.html'), 'utf8'));
  } catch {
    return [];
  }
}

/** Serves the built console: hashed assets cached for a year, index.html never cached. */
async function serveConsole(app: FastifyInstance, dir: string) {
  if (!fs.existsSync(path.join(dir, 'index.html'))) return;
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    // the build writes .br and .gz beside each asset (scripts/console-build.mjs)
    preCompressed: true,
    setHeaders: (res, file) => {
      const asset = file.replace(/\.(br|gz)$/, '');
      const hashed = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpg)$/.test(asset) || /\.async\.js$/.test(asset);
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
