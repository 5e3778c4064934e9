/** Real-name verification and its admin review queue: thin; the rules live in service.ts. */
import { Type } from '@sinclair/typebox';
import { clientOf } from '../../core/context';
import { pickLang } from '../../core/i18n';
import { registerListRoutes } from '../../core/list/routes';
import { IdParam } from '../../core/resource';
import { Nullable, ok, Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';
import { ACCESS } from '../../core/access';
import { realnameList } from './service';

const Status = Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]);

const RealnameInfo = Type.Object(
  {
    status: Type.Union([Type.Literal('none'), Status]),
    /** masked: the first character only, e.g. 张* */
    realName: Nullable(Type.String()),
    /** e.g. 1101**********4514 */
    idCardMasked: Nullable(Type.String()),
    reason: Nullable(Type.String()),
    submittedAt: Nullable(Type.String({ format: 'date-time' })),
    decidedAt: Nullable(Type.String({ format: 'date-time' })),
    /** submissions left in the last 24 hours */
    attemptsLeftToday: Type.Integer(),
    maxAttempts: Type.Integer(),
  },
  { $id: 'RealnameInfo' },
);

export const RealnameRow = Type.Object(
  {
    id: Type.String(),
    user_id: Type.String(),
    username: Nullable(Type.String()),
    nickname: Nullable(Type.String()),
    /** in full: the reviewer compares it with the masked number's owner */
    real_name: Type.String(),
    id_card_masked: Type.String(),
    status: Status,
    reason: Nullable(Type.String()),
    /** null: decided automatically (a provider, or the number standing on another account) */
    reviewer_id: Nullable(Type.String()),
    reviewer_name: Nullable(Type.String()),
    created_at: Type.String({ format: 'date-time' }),
    decided_at: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'RealnameRow' },
);

export async function realnameRoutes({ app, db, realname }: ModuleContext) {
  app.addSchema(RealnameInfo);
  app.addSchema(RealnameRow);
  const info = Ok(Type.Ref('RealnameInfo'));
  const row = Type.Ref('RealnameRow');

  app.get('/api/auth/realname', {
    config: { access: 'signedIn' },
    schema: { tags: ['auth'], summary: "the caller's real-name verification", response: { 200: info } },
    handler: async (req) => ok(await realname.info(req.auth!.uid)),
  });

  app.post('/api/auth/realname', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['auth'],
      summary: 'submit the real name and ID number (5 per 24 h; one account per ID number)',
      body: Type.Object({ realName: Type.String({ maxLength: 64 }), idCard: Type.String({ maxLength: 32 }) }),
      response: { 200: info },
    },
    handler: async (req) => ({
      success: true as const,
      data: await realname.submit(req.auth!.uid, req.body, pickLang(req.headers['accept-language'])),
    }),
  });

  const tags = ['system: real-name reviews'];
  // who may read the user list may read the queue (not exported: it is worked through, not
  // taken away); deciding is role admin's
  registerListRoutes(app, {
    base: '/api/system/realname',
    tags,
    spec: realnameList,
    row,
    db,
    access: { read: ACCESS.users.read, delete: ACCESS.realnameReview },
    exportable: false,
  });

  app.post('/api/system/realname/:id/decide', {
    config: { access: ACCESS.realnameReview },
    schema: {
      tags,
      params: IdParam,
      body: Type.Object({
        decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
        /** required for a rejection: shown to the user */
        reason: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
      }),
      response: { 200: Ok(row) },
    },
    handler: async (req) => ({
      success: true as const,
      data: await realname.decide(req.params.id, req.body, req.auth!.uid, clientOf(req)),
    }),
  });
}
