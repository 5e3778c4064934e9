/**
 * Site messages API: the staff's routes (manage site messages) and each signed-in user's inbox.
 * Thin: rules and queries in service.ts.
 */
import { Type } from '@sinclair/typebox';
import { RULES } from '../../../shared/permissions';
import { accessOf } from '../../core/auth';
import { registerListRoutes } from '../../core/list/routes';
import { type ListQuery, listQuerySchema } from '../../core/list/query';
import { IdParam } from '../../core/resource';
import { List, Nullable, ok, Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';
import { registerPickerRoutes } from '../system/pickers';
import { InboxMessage, SiteMessageDetail, SiteMessageRead, SiteMessageRow } from './schemas';
import { AUDIENCES, MESSAGE_LIMITS, messageList, PUBLISH_MODES, readsList } from './service';

const Literals = <T extends string>(xs: readonly T[]) => Type.Union(xs.map((x) => Type.Literal(x)));

const EditBody = {
  title: Type.String({ maxLength: MESSAGE_LIMITS.TITLE }),
  body: Type.String({ maxLength: MESSAGE_LIMITS.BODY }),
  audience: Literals(AUDIENCES),
  audience_ids: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: MESSAGE_LIMITS.AUDIENCE })),
  /** draft: not out; now: out at once; at: out at publish_at */
  publish: Type.Optional(Literals(PUBLISH_MODES)),
  publish_at: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
};

const Unread = Type.Object({ unread: Type.Integer() });

export async function messageRoutes({ app, db, messages: service }: ModuleContext) {
  for (const s of [SiteMessageRow, SiteMessageDetail, SiteMessageRead, InboxMessage]) app.addSchema(s);
  const manage = accessOf(RULES.manageMessages);
  const tags = ['site messages'];
  const inboxTags = ['site messages: inbox'];
  const detail = Ok(Type.Ref('SiteMessageDetail'));

  registerListRoutes(app, {
    base: '/api/site-messages',
    tags,
    summary: 'every site message, whatever its status (derived from publish_at and withdrawn_at)',
    spec: messageList,
    row: Type.Ref('SiteMessageRow'),
    db,
    access: { read: manage, delete: manage },
    deleteMany: (ids) => service.deleteMany(ids),
  });

  // the audience pickers: the system area's roles, tags and users, open to message managers
  registerPickerRoutes(app, { base: '/api/site-messages/audience', kinds: ['roles', 'tags', 'users'], access: manage, tags, db });

  app.get('/api/site-messages/:id', {
    config: { access: manage },
    schema: { tags, summary: 'one message, its audience by name, how many it is meant for and how many read it', params: IdParam, response: { 200: detail } },
    handler: async (req) => ok(await service.get(req.params.id)),
  });

  app.get('/api/site-messages/:id/reads', {
    config: { access: manage },
    schema: {
      tags,
      summary: 'who read the message and when: search (username, nickname, email, mobile), sort, paging',
      params: IdParam,
      querystring: listQuerySchema(readsList('')),
      response: { 200: List(Type.Ref('SiteMessageRead')) },
    },
    handler: async (req) => ({ success: true as const, ...(await service.reads(req.params.id, req.query as ListQuery)) }),
  });

  app.post('/api/site-messages', {
    config: { access: manage },
    schema: { tags, summary: 'writes a message: a draft (the default), out now, or out at publish_at', body: Type.Object(EditBody), response: { 200: detail } },
    handler: async (req) => ok(await service.create(req.auth!.uid, req.body)),
  });

  app.put('/api/site-messages/:id', {
    config: { access: manage },
    schema: {
      tags,
      summary: 'edits a message; publish left out keeps its time; publishing again brings a withdrawn message back',
      params: IdParam,
      body: Type.Partial(Type.Object(EditBody)),
      response: { 200: detail },
    },
    handler: async (req) => ok(await service.update(req.params.id, req.body)),
  });

  app.post('/api/site-messages/:id/withdraw', {
    config: { access: manage },
    schema: { tags, summary: 'takes the message out of every inbox (who read it stays recorded)', params: IdParam, response: { 200: detail } },
    handler: async (req) => ok(await service.withdraw(req.params.id)),
  });

  app.delete('/api/site-messages/:id', {
    config: { access: manage },
    schema: { tags, params: IdParam, response: { 200: Ok(Type.Object({ deleted: Type.Integer() })) } },
    handler: async (req) => ok({ deleted: await service.deleteMany([req.params.id]) }),
  });

  // the inbox: every signed-in user, only what is meant for them
  app.get('/api/messages', {
    config: { access: 'signedIn' },
    schema: {
      tags: inboxTags,
      summary: "the caller's messages, unread first then newest: keyword (title, body), unread only, paging",
      querystring: Type.Object({
        keyword: Type.Optional(Type.String({ maxLength: 100 })),
        unread: Type.Optional(Type.Boolean()),
        current: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
        pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MESSAGE_LIMITS.PAGE })),
      }),
      response: { 200: List(Type.Ref('InboxMessage')) },
    },
    handler: async (req) => ({ success: true as const, ...(await service.inbox(req.auth!.uid, req.query)) }),
  });

  app.get('/api/messages/unread-count', {
    config: { access: 'signedIn' },
    schema: { tags: inboxTags, summary: 'how many messages meant for the caller are unread', response: { 200: Ok(Unread) } },
    handler: async (req) => ok({ unread: await service.unreadCount(req.auth!.uid) }),
  });

  app.post('/api/messages/:id/read', {
    config: { access: 'signedIn' },
    schema: { tags: inboxTags, summary: 'marks one message read; answers the unread count', params: IdParam, response: { 200: Ok(Unread) } },
    handler: async (req) => ok({ unread: await service.markRead(req.auth!.uid, req.params.id) }),
  });

  app.post('/api/messages/read-all', {
    config: { access: 'signedIn' },
    schema: {
      tags: inboxTags,
      summary: 'marks every message of the inbox read',
      response: { 200: Ok(Type.Object({ marked: Type.Integer(), unread: Type.Integer() })) },
    },
    handler: async (req) => {
      const marked = await service.markAllRead(req.auth!.uid);
      return ok({ marked, unread: await service.unreadCount(req.auth!.uid) });
    },
  });
}
