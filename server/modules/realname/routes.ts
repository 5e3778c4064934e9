/** Real-name verification and its admin review queue: thin; the rules live in service.ts. */
import { Type } from '@sinclair/typebox';
import { clientOf } from '../../core/context';
import { pickLang } from '../../core/i18n';
import { registerListRoutes } from '../../core/list/routes';
import { IdParam } from '../../core/resource';
import { Nullable, ok, Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';
import { ACCESS } from '../../core/access';
import { RealnameInfo, RealnameRow } from './schemas';
import { realnameList } from './service';

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
