/** Image captchas and verification codes: thin; the rules live in service.ts. */
import { Type } from '@sinclair/typebox';
import { CAPTCHA_SCENES, CODE_SCENES, LIST } from '../../config';
import { AppError } from '../../core/errors';
import { pickLang } from '../../core/i18n';
import { Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';

export const CaptchaFields = {
  captchaId: Type.Optional(Type.String({ maxLength: 64 })),
  captcha: Type.Optional(Type.String({ maxLength: 16 })),
};

/** the scenes an SMS code is sent for (register and bind-email are email-only) */
export const SMS_SCENES = ['login', 'bind-mobile', 'reset-pwd', 'set-pwd'] as const;

const Sent = Ok(Type.Object({ expiresIn: Type.Integer(), resendIn: Type.Integer(), testMode: Type.Boolean() }));

export async function verifyRoutes({ app, verification, accounts }: ModuleContext) {
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

  app.post('/api/auth/send-sms-code', {
    config: { access: 'public' },
    schema: {
      tags,
      summary:
        'sends a 6-digit code by SMS (test mode: to the SMS test outbox). Scene set-pwd: signed in, and only to the number bound to the caller',
      body: Type.Object({
        mobile: Type.String({ maxLength: 32 }),
        scene: Type.Union(SMS_SCENES.map((s) => Type.Literal(s))),
        ...CaptchaFields,
      }),
      response: { 200: Sent },
    },
    handler: async (req) => {
      if (req.body.scene === 'set-pwd') {
        // a set-pwd code proves the account's own number: it goes nowhere else
        if (!req.auth) throw new AppError('uni-id-token-not-exist');
        const { mobile } = await accounts.me(req.auth.uid);
        if (!mobile) throw new AppError('MOBILE_NOT_BOUND', { field: 'mobile' });
        if (mobile !== req.body.mobile.trim()) throw new AppError('MOBILE_MISMATCH', { field: 'mobile' });
      }
      return { success: true as const, data: await verification.sendSmsCode(req.body, req.ip, pickLang(req.headers['accept-language'])) };
    },
  });

  app.get('/api/system/sms-outbox', {
    config: { access: { role: 'admin' } },
    schema: {
      tags: ['system: sms outbox'],
      summary: 'SMS test mode: the messages that were not sent (newest first); testMode says whether test mode is on',
      querystring: Type.Object({
        current: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
        pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: LIST.MAX_PAGE_SIZE, default: LIST.DEFAULT_PAGE_SIZE })),
        keyword: Type.Optional(Type.String({ maxLength: 100 })),
      }),
      response: {
        200: Type.Object({
          success: Type.Literal(true),
          data: Type.Array(
            Type.Object({ id: Type.Integer(), mobile: Type.String(), scene: Type.String(), content: Type.String(), created_at: Type.String() }),
          ),
          total: Type.Integer(),
          testMode: Type.Boolean(),
        }),
      },
    },
    handler: async (req) => ({ success: true as const, ...(await verification.smsOutbox(req.query)) }) as never,
  });
}
