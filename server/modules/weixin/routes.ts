/** Weixin web sign-in routes: thin; the rules live in service.ts. */
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { bearer } from '../../core/auth';
import { AppError } from '../../core/errors';
import { publicOrigin } from '../../core/origin';
import { Empty, ok, Ok } from '../../core/schemas';
import { requireLoginType } from '../../core/login-types';
import { WEIXIN } from './service';
import { clientOf } from '../../core/context';
import type { ModuleContext } from '../services';

const WEIXIN_CALLBACK_PATH = '/api/auth/weixin/callback';
const TICKET_PATH = '/api/auth/weixin/ticket';

/**
 * Both ends of a weixin round trip are tied to the browser that started it, by cookies only
 * our own origin can set: a state is honoured only by the browser that asked for it, and a
 * ticket only by the browser the callback sent it to. So a sign-in or link URL passed on to
 * someone else (login CSRF, linking someone else's weixin to the sender's account) does nothing.
 */
const stateCookie = (state: string) => `wxs_${state}`;
const TICKET_COOKIE = 'wx_ticket';

function cookieOf(req: FastifyRequest, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}

const cookie = (req: FastifyRequest, name: string, value: string, path: string, maxAgeS: number) =>
  `${name}=${value}; Path=${path}; Max-Age=${maxAgeS}; HttpOnly; SameSite=Lax${req.protocol === 'https' ? '; Secure' : ''}`;

export async function weixinRoutes({ app, config, db, accounts, tokens, weixin }: ModuleContext) {
  const tags = ['weixin'];

  /** weixin sends the browser back here: PUBLIC_URL, else the origin this request came to */
  const redirectUri = (req: FastifyRequest) => `${publicOrigin(req, config)}${WEIXIN_CALLBACK_PATH}`;

  app.get('/api/auth/weixin/authorize', {
    // public: a sign-in starts signed out; a link (purpose bind) needs the caller's login
    config: { access: 'public' },
    schema: {
      tags,
      querystring: Type.Object({
        purpose: Type.Union([Type.Literal('login'), Type.Literal('bind')]),
        /** the console page to return to (an in-app path) */
        redirect: Type.Optional(Type.String({ maxLength: 1024 })),
      }),
      response: { 200: Ok(Type.Object({ url: Type.String() })) },
    },
    handler: async (req, reply) => {
      if (req.query.purpose === 'login') requireLoginType(config, 'weixin');
      if (req.query.purpose === 'bind' && !req.auth) {
        // an expired access token gets its own answer, so the console refreshes and retries
        const token = bearer(req);
        if (token) {
          await tokens.verify(token);
          throw new AppError('uni-id-token-expired');
        }
        throw new AppError('uni-id-token-not-exist');
      }
      reply.header('cache-control', 'no-store');
      const data = await weixin.authorize({
        purpose: req.query.purpose,
        redirect: req.query.redirect,
        userId: req.auth?.uid,
        redirectUri: redirectUri(req),
      });
      const state = new URL(data.url).searchParams.get('state')!;
      reply.header('set-cookie', cookie(req, stateCookie(state), '1', WEIXIN_CALLBACK_PATH, WEIXIN.STATE_TTL_S));
      return { success: true as const, data };
    },
  });

  app.get(WEIXIN_CALLBACK_PATH, {
    config: { access: 'public' },
    // whatever comes back, the browser lands on a console page that says what happened
    attachValidation: true,
    schema: {
      tags,
      summary: "weixin's redirect_uri: 302 to the console (a sign-in ticket, weixinBound=1 or weixinError=<CODE>)",
      querystring: Type.Object({
        code: Type.Optional(Type.String({ maxLength: 512 })),
        state: Type.Optional(Type.String({ maxLength: 128 })),
      }),
      response: { 302: Type.Null({ description: 'to the console' }) },
    },
    handler: async (req, reply) => {
      const query = req.validationError ? {} : req.query;
      const { location, ticket, unexpected } = await weixin.callback(query, clientOf(req), (state) => cookieOf(req, stateCookie(state)) === '1');
      if (unexpected) req.log.error({ err: unexpected }, 'weixin callback failed');
      const cookies: string[] = [];
      if (query.state && /^[0-9a-f]{32}$/.test(query.state)) cookies.push(cookie(req, stateCookie(query.state), '', WEIXIN_CALLBACK_PATH, 0));
      if (ticket) cookies.push(cookie(req, TICKET_COOKIE, ticket, TICKET_PATH, WEIXIN.TICKET_TTL_S));
      if (cookies.length) reply.header('set-cookie', cookies);
      reply.header('cache-control', 'no-store');
      return reply.redirect(location, 302);
    },
  });

  app.post(TICKET_PATH, {
    config: { access: 'public' },
    schema: {
      tags,
      body: Type.Object({ ticket: Type.String({ minLength: 1, maxLength: 128 }) }),
      response: { 200: Ok(Type.Ref('TokenBundle')) },
    },
    handler: async (req, reply) => {
      // only in the browser the callback sent it to
      if (cookieOf(req, TICKET_COOKIE) !== req.body.ticket) throw new AppError('WEIXIN_TICKET_INVALID', { field: 'ticket' });
      reply.header('set-cookie', cookie(req, TICKET_COOKIE, '', TICKET_PATH, 0));
      return ok(await weixin.exchangeTicket(req.body.ticket, clientOf(req)));
    },
  });

  app.post('/api/auth/weixin/unbind', {
    config: { access: 'signedIn' },
    schema: { tags, response: { 200: Ok(Empty) } },
    handler: async (req) => {
      await weixin.unbind(req.auth!.uid, clientOf(req));
      return ok({});
    },
  });
}
