/** Read-only links to a conversation: the owner makes, lists and revokes them; a link is read by anyone it is for. Rules in shares.ts. */
import { Type } from '@sinclair/typebox';
import { IdParam } from '../../core/resource';
import { Nullable, ok, Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';
import { ChatShare, SharedConversation } from './schemas';
import { SHARE_AUDIENCES, SHARE_MAX_DAYS } from './shares';

export async function chatShareRoutes({ app, chatShares: shares }: ModuleContext) {
  app.addSchema(ChatShare);
  app.addSchema(SharedConversation);
  const tags = ['chat'];

  app.post('/api/chat/conversations/:id/shares', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'a read-only link to the branch ending at message_id, for anyone with it or for signed-in accounts, for some days or until revoked',
      params: IdParam,
      body: Type.Object({
        message_id: Type.String({ minLength: 1, maxLength: 64 }),
        audience: Type.Union(SHARE_AUDIENCES.map((a) => Type.Literal(a))),
        expires_days: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: SHARE_MAX_DAYS }))),
      }),
      response: { 200: Ok(Type.Ref('ChatShare')) },
    },
    handler: async (req) => ok(await shares.create(req.auth!.uid, req.params.id, req.body)),
  });

  app.get('/api/chat/conversations/:id/shares', {
    config: { access: 'signedIn' },
    schema: { tags, summary: "the conversation's links, newest first", params: IdParam, response: { 200: Ok(Type.Array(Type.Ref('ChatShare'))) } },
    handler: async (req) => ok(await shares.list(req.auth!.uid, req.params.id)),
  });

  app.delete('/api/chat/shares/:id', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'revoke a link: it stops working at once', params: IdParam, response: { 200: Type.Object({ success: Type.Literal(true) }) } },
    handler: async (req) => {
      await shares.revoke(req.auth!.uid, req.params.id);
      return { success: true as const };
    },
  });

  app.get('/api/chat/shared', {
    // public at the door: a link for anyone needs no sign-in; the service asks for one otherwise
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'what a link shows: the branch and its pictures (no documents, nothing else of the owner)',
      querystring: Type.Object({ t: Type.String({ minLength: 1, maxLength: 200 }) }),
      response: { 200: Ok(Type.Ref('SharedConversation')) },
    },
    handler: async (req) => ok(await shares.read(req.query.t, !!req.auth)),
  });
}
