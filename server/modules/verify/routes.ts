/** Image captchas and verification codes: thin; the rules live in service.ts. */
import { Type } from '@sinclair/typebox';
import { CAPTCHA_SCENES, CODE_SCENES } from '../../config';
import { pickLang } from '../../core/i18n';
import { Ok } from '../../core/schemas';
import type { ModuleContext } from '../index';

export const CaptchaFields = {
  captchaId: Type.Optional(Type.String({ maxLength: 64 })),
  captcha: Type.Optional(Type.String({ maxLength: 16 })),
};

export async function verifyRoutes({ app, verification }: ModuleContext) {
  const tags = ['verify'];

  app.get('/api/auth/captcha', {
    config: { access: 'public' },
    schema: {
      tags,
      querystring: Type.Object({ scene: Type.Union(CAPTCHA_SCENES.map((s) => Type.Literal(s))) }),
      response: { 200: Ok(Type.Object({ id: Type.String(), svg: Type.String(), expiresIn: Type.Integer() })) },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: await verification.createCaptcha(req.query.scene, req.ip) };
    },
  });

  app.post('/api/auth/send-email-code', {
    config: { access: 'public' },
    schema: {
      tags,
      body: Type.Object({
        email: Type.String({ maxLength: 254 }),
        scene: Type.Union(CODE_SCENES.map((s) => Type.Literal(s))),
        ...CaptchaFields,
      }),
      response: {
        200: Ok(Type.Object({ expiresIn: Type.Integer(), resendIn: Type.Integer(), testMode: Type.Boolean() })),
      },
    },
    handler: async (req) => ({
      success: true as const,
      data: await verification.sendEmailCode(req.body, req.ip, pickLang(req.headers['accept-language'])),
    }),
  });
}
