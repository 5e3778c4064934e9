/** Profile routes: bind-email and the webview allow-list check. Thin; see service.ts. */
import { Type } from '@sinclair/typebox';
import { clientOf } from '../../core/context';
import { ok, Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';
import { allowedOrigins, checkWebviewUrl } from './service';

export async function profileRoutes({ app, db, config, accounts, verification, profile: service }: ModuleContext) {
  const allow = allowedOrigins(config.webviewAllow);

  app.post('/api/auth/bind-email', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['profile'],
      summary: "binds the caller's email with the code sent for scene bind-email (POST /api/auth/send-email-code)",
      body: Type.Object({ email: Type.String({ maxLength: 254 }), code: Type.String({ maxLength: 16 }) }),
      response: { 200: Ok(Type.Ref('UserInfo')) },
    },
    handler: async (req) => ok(await service.bindEmail(req.auth!, req.body, clientOf(req))),
  });

  app.get('/api/webview/check', {
    config: { access: 'public' },
    schema: {
      tags: ['profile'],
      summary: 'may the webview page frame this URL? (exact origin match against WEBVIEW_ALLOW)',
      querystring: Type.Object({ url: Type.String({ maxLength: 4096 }) }),
      response: {
        200: Ok(
          Type.Object({
            allowed: Type.Boolean(),
            url: Type.String(),
            reason: Type.Optional(Type.Union([Type.Literal('invalid'), Type.Literal('not-listed')])),
          }),
        ),
      },
    },
    handler: async (req) => ok(checkWebviewUrl(allow, req.query.url)),
  });
}
