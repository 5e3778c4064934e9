/**
 * The mobile-number account routes: sign-in by SMS code, retrieve by SMS, bind a
 * number, set a first password. Thin; the rules live in mobile.ts and service.ts. The codes
 * come from POST /api/auth/send-sms-code (server/modules/verify).
 */
import { Type } from '@sinclair/typebox';
import { Empty, ok, Ok } from '../../core/schemas';
import { checkMobileField } from './mobile';
import { requireLoginType } from '../../core/login-types';
import type { ModuleContext } from '../services';
import { clientOf } from '../../core/context';

const Mobile = Type.String({ maxLength: 32 });
const Code = Type.String({ maxLength: 16 });
const Password = Type.String({ maxLength: 128 });

export async function mobileRoutes({ app, config, db, accounts, verification, mobileAccounts: mobile, registration }: ModuleContext) {
  const tags = ['auth'];
  const code = (scene: 'login' | 'reset-pwd' | 'bind-mobile' | 'set-pwd', given: string) => (target: string) =>
    verification.useCode({ scene, target, code: given });

  app.post('/api/auth/login-by-sms', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'sign in with an SMS code (scene login); an unknown number is registered (unless REGISTRATION=closed)',
      body: Type.Object({ mobile: Mobile, code: Code }),
      response: { 200: Ok(Type.Ref('TokenBundle')) },
    },
    handler: async (req) => {
      requireLoginType(config, 'smsCode');
      // an unknown number is a sign-up: refused before its code is spent
      await registration.admitMobile(checkMobileField(req.body.mobile), req.ip);
      return ok(await mobile.loginBySms(req.body, clientOf(req), code('login', req.body.code)));
    },
  });

  app.post('/api/auth/reset-password-by-sms', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'retrieve: a new password with an SMS code (scene reset-pwd); every earlier token stops working',
      body: Type.Object({ mobile: Mobile, code: Code, password: Password, password2: Password }),
      response: { 200: Ok(Empty) },
    },
    handler: async (req) => {
      const { code: given, mobile: number, ...input } = req.body;
      await accounts.resetPasswordWithCode({ field: 'mobile', value: number }, input, clientOf(req), () => code('reset-pwd', given)(number.trim()));
      return ok({});
    },
  });

  app.post('/api/auth/bind-mobile', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'bind a mobile number proven by an SMS code (scene bind-mobile)',
      body: Type.Object({ mobile: Mobile, code: Code }),
      response: { 200: Ok(Type.Ref('UserInfo')) },
    },
    handler: async (req) => ({
      success: true as const,
      data: await mobile.bindMobile(req.auth!.uid, req.body, clientOf(req), code('bind-mobile', req.body.code)),
    }),
  });

  app.post('/api/auth/set-password', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'a first password for an account without one, with an SMS code sent to its bound number (scene set-pwd)',
      body: Type.Object({ code: Code, password: Password, password2: Password }),
      response: { 200: Ok(Type.Ref('UserInfo')) },
    },
    handler: async (req) => {
      const { code: given, ...input } = req.body;
      return ok(await mobile.setPassword(req.auth!.uid, input, clientOf(req), code('set-pwd', given)));
    },
  });
}
