/** Image captchas and verification codes: thin; the rules live in service.ts. */
import { Type } from '@sinclair/typebox';
import { CAPTCHA_SCENES, CODE_SCENES } from '../../config';
import { AppError } from '../../core/errors';
import { pickLang } from '../../core/i18n';
import { ok, Ok } from '../../core/schemas';
import { requireLoginType } from '../../core/login-types';
import type { ModuleContext } from '../services';
import { registerListRoutes } from '../../core/list/routes';
import { ACCESS } from '../../core/access';
import { CaptchaFields } from './schemas';
import { SMS_OUTBOX_LIST } from './service';

/** the scenes an SMS code is sent for (register and bind-email are email-only) */
export const SMS_SCENES = ['login', 'bind-mobile', 'reset-pwd', 'set-pwd'] as const;

const Sent = Ok(Type.Object({ expiresIn: Type.Integer(), resendIn: Type.Integer(), testMode: Type.Boolean() }));

export async function verifyRoutes({ app, config, db, verification, accounts }: ModuleContext) {
  const tags = ['verify'];

  app.get('/api/auth/captcha', {
    config: { access: 'public' },
    schema: {
      tags,
      querystring: Type.Object({ scene: Type.Union(CAPTCHA_SCENES.map((s) => Type.Literal(s))) }),
      response: {
        200: Ok(
          Type.Object({
            id: Type.String(),
            image: Type.String({ description: 'the picture: a data: URL of a PNG' }),
            expiresIn: Type.Integer(),
          }),
        ),
      },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await verification.createCaptcha(req.query.scene, req.ip));
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
    handler: async (req) => {
      // no codes for a sign-up the site does not take
      if (req.body.scene === 'register' && !config.registrationOpen) throw new AppError('REGISTRATION_CLOSED', { field: 'email' });
      return ok(await verification.sendEmailCode(req.body, req.ip, pickLang(req.headers['accept-language'])));
    },
  });

  app.post('/api/auth/send-sms-code', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'sends a 6-digit code by SMS (test mode: to the SMS test outbox). Scene set-pwd: signed in, and only to the number bound to the caller',
      body: Type.Object({
        mobile: Type.String({ maxLength: 32 }),
        scene: Type.Union(SMS_SCENES.map((s) => Type.Literal(s))),
        ...CaptchaFields,
      }),
      response: { 200: Sent },
    },
    handler: async (req) => {
      if (req.body.scene === 'login') requireLoginType(config, 'smsCode');
      if (req.body.scene === 'set-pwd') {
        // a set-pwd code proves the account's own number: it goes nowhere else
        if (!req.auth) throw new AppError('uni-id-token-not-exist');
        const { mobile } = await accounts.me(req.auth.uid);
        if (!mobile) throw new AppError('MOBILE_NOT_BOUND', { field: 'mobile' });
        if (mobile !== req.body.mobile.trim()) throw new AppError('MOBILE_MISMATCH', { field: 'mobile' });
      }
      return ok(await verification.sendSmsCode(req.body, req.ip, pickLang(req.headers['accept-language'])));
    },
  });

  registerListRoutes(app, {
    base: '/api/system/sms-outbox',
    tags: ['system: sms outbox'],
    summary: 'SMS test mode: the messages that were not sent (newest first)',
    spec: SMS_OUTBOX_LIST,
    row: Type.Object({
      id: Type.Integer(),
      mobile: Type.String(),
      scene: Type.String(),
      content: Type.String(),
      created_at: Type.String({ format: 'date-time' }),
    }),
    db,
    access: { read: ACCESS.smsOutbox, delete: ACCESS.smsOutbox },
  });
}
