/**
 * buildApp(deps): registers plugins and modules. Nothing runs at import; main.ts and the
 * tests call this with a config and a connected database.
 */
import AjvCompiler, { type BuildCompilerFromPool } from '@fastify/ajv-compiler';
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
import { AppError } from './core/errors';
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
import { buildServices, closeModules, MANIFESTS, moduleJobs, registerModules, seedModules } from './modules';
import type { ModuleManifest } from './modules/services';
import { allowedOrigins } from './modules/profile/service';
import { dialectOf, errorPayload } from './modules/relay/errors';

export interface AppDeps {
  config: Config;
  db: Db;
  /** pino options or false; tests pass false */
  logger?: boolean | object;
  /** compile every route's schemas at start (the tests), not on each route's first request */
  eagerSchemas?: boolean;
  /** run the modules' seed steps (default); the API type generator builds without a database */
  seed?: boolean;
  /** the modules to compose (default: all of server/modules) */
  manifests?: readonly ModuleManifest[];
}

export type App = FastifyInstance;

export async function buildApp({ config, db, logger, eagerSchemas = false, seed = true, manifests = MANIFESTS }: AppDeps) {
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
        ? { buildValidator: buildValidators() }
        : { buildValidator: lazyValidators(buildValidators()), buildSerializer: lazySerializers() },
    },
    // the router's own refusals (an undecodable or overlong path parameter) in the catalogue shape;
    // fastify sends these without the hooks, so the standard headers are set here
    frameworkErrors: (err, req, reply) => {
      // the relay's clients read their API's own error shape
      const refusal = new AppError('INVALID_PARAM', { params: { reason: err.message } });
      void (reply as unknown as FastifyReply)
        .status(400)
        .headers(req.server.standardHeaders(req.id))
        .send(req.url.startsWith('/v1/') ? errorPayload(req, refusal, dialectOf(req)).body : errorBody(req, refusal.code, undefined, refusal.params));
    },
    // what Node refuses before routing (malformed HTTP, headers too large, timeouts)
    clientErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();

  installErrorHandling(app);
  installInputGuard(app);
  installSecurityHeaders(app, {
    frameOrigins: allowedOrigins([...config.webviewAllow, ...config.ads.pageAllow]),
    inlineScripts: consoleInlineScripts(config.staticDir),
  });

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
  const mailer = createMailer(config, app.log);
  if (mailer.testMode) app.log.warn(`TEST MODE mail: no SMTP_URL set, mails go to ${outboxDir(config)} and to this log`);
  const sms = createSms(config, db, app.log);
  if (sms.testMode)
    app.log.warn(
      'TEST MODE SMS: no SMS_ACCESS_KEY_ID/SMS_ACCESS_KEY_SECRET set, codes are not sent: they go to this log and to the SMS test outbox admins read in the console',
    );
  const services = await buildServices({ config, db, secret, tokens, log: app.log, settings, zone: new DayZone(settings), mailer, sms }, manifests);
  app.addHook('onClose', () => closeModules(services, manifests));
  installAccessControl(app, tokens, (p) => services.accounts.assertTokenStands(p));
  if (seed) await seedModules(services, manifests);

  await app.register(compress, { threshold: 1024 });

  app.get('/api/health', { config: { access: 'public' }, schema: { hide: true } }, async () => {
    await db.$client.query('SELECT 1');
    return { success: true, status: 'ok' };
  });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  await registerModules(app, services, manifests);

  const jobs = new Jobs(moduleJobs(services, manifests), app.log);
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
function buildValidators(): BuildCompilerFromPool {
  const pool = AjvCompiler();
  const base = { allErrors: false, removeAdditional: true } as const;
  return (externalSchemas, options) => {
    // fastify asks for ajv validators here, never JTD ones
    const own = options?.mode === 'JTD' ? undefined : options;
    const build = (coerceTypes: false | 'array') => pool(externalSchemas, { ...own, customOptions: { ...own?.customOptions, ...base, coerceTypes } });
    const strict = build(false);
    const coercing = build('array');
    // fastify passes the route definition ({ schema, method, url, httpPart }), not the bare schema
    return (route, meta) => (typeof route === 'object' && route.httpPart === 'body' ? strict(route, meta) : coercing(route, meta));
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
