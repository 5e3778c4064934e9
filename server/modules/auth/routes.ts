/** Sign-in routes: thin; the rules live in service.ts. */
import { Type } from '@sinclair/typebox';
import { LOGIN_CONFIG } from '../../config';
import { Empty, Nullable, ok, Ok } from '../../core/schemas';
import { CaptchaFields } from '../verify/schemas';
import { mobileRoutes } from './mobile-routes';
import { requireLoginType } from '../../core/login-types';
import type { ModuleContext } from '../services';
import { clientOf } from '../../core/context';

export const UserInfo = Type.Object(
  {
    _id: Type.String(),
    username: Nullable(Type.String()),
    nickname: Nullable(Type.String()),
    mobile: Nullable(Type.String()),
    email: Nullable(Type.String()),
    avatar_file: Type.Any(),
    role: Type.Array(Type.String()),
    permission: Type.Array(Type.String()),
    score: Type.Integer(),
    /** false after a password-less sign-up (SMS code, weixin): set-pwd offers to set one */
    hasPassword: Type.Boolean(),
    /** a weixin account is linked */
    wxBound: Type.Boolean(),
  },
  { $id: 'UserInfo' },
);

const TokenBundle = Type.Object({ token: Type.String(), refreshToken: Type.String(), userInfo: Type.Ref('UserInfo') }, { $id: 'TokenBundle' });

const Password = Type.String({ maxLength: 128 });

/** what register and register-admin both take */
const NewAccountFields = {
  username: Type.String({ maxLength: 64 }),
  nickname: Type.Optional(Type.String({ maxLength: 64 })),
  password: Password,
  password2: Password,
};

export async function authRoutes(ctx: ModuleContext) {
  const { app, config, accounts, verification, registration } = ctx;
  app.addSchema(UserInfo);
  app.addSchema(TokenBundle);
  const tags = ['auth'];
  const bundle = Ok(Type.Ref('TokenBundle'));

  app.get('/api/auth/login-config', {
    config: { access: 'public' },
    schema: {
      tags,
      response: {
        200: Ok(
          Type.Object({
            loginTypes: Type.Array(Type.String()),
            adminExists: Type.Boolean(),
            setPasswordAfterLogin: Type.Boolean(),
            passwordStrength: Type.String(),
            defaultScore: Type.Integer(),
            /** the weixin login type is listed but only usable once WEIXIN_APPID/SECRET are set */
            weixinConfigured: Type.Boolean(),
            /** SMS codes go to the admins' test outbox, not to phones */
            smsTestMode: Type.Boolean(),
            /** REGISTRATION=open: self-registration (register, register-by-email, SMS sign-up) is offered */
            registrationOpen: Type.Boolean(),
          }),
        ),
      },
    },
    handler: async () => ({
      success: true as const,
      data: {
        loginTypes: config.login.loginTypes,
        adminExists: await accounts.adminExists(),
        setPasswordAfterLogin: config.login.setPasswordAfterLogin,
        passwordStrength: LOGIN_CONFIG.passwordStrength,
        defaultScore: LOGIN_CONFIG.defaultScore,
        weixinConfigured: !!config.weixin,
        smsTestMode: !config.sms,
        registrationOpen: config.registrationOpen,
      },
    }),
  });

  app.post('/api/auth/register-admin', {
    config: { access: 'public' },
    schema: {
      tags,
      body: Type.Object(NewAccountFields),
      response: { 200: bundle },
    },
    handler: async (req) => ok(await accounts.registerAdmin(req.body, clientOf(req))),
  });

  app.post('/api/auth/login', {
    config: { access: 'public' },
    schema: {
      tags,
      body: Type.Object({
        username: Type.String({ minLength: 1, maxLength: 128 }),
        password: Type.Union([Password, Type.Null()]),
        // required after 3 failures (CAPTCHA_REQUIRED names the field)
        ...CaptchaFields,
      }),
      response: { 200: bundle },
    },
    handler: async (req) => {
      requireLoginType(config, 'username');
      return ok(await accounts.login(req.body, clientOf(req), (given) => verification.checkCaptcha('login', given)));
    },
  });

  app.post('/api/auth/refresh', {
    config: { access: 'public' },
    schema: { tags, body: Type.Object({ refreshToken: Type.String({ minLength: 1, maxLength: 256 }) }), response: { 200: bundle } },
    handler: async (req) => ok(await accounts.sessions.refresh(req.body.refreshToken)),
  });

  app.post('/api/auth/logout', {
    // public so that an anonymous caller gets the spec's error rather than a token error
    config: { access: 'public' },
    schema: {
      tags,
      summary: "end the caller's session: the access token's and/or the refresh token's (works with an expired access token)",
      body: Type.Object({ refreshToken: Type.Optional(Type.String({ maxLength: 256 })) }),
      response: { 200: Ok(Empty) },
    },
    // the body is optional: a bare POST (older consoles) is an empty one
    preValidation: async (req) => {
      req.body ??= {};
    },
    handler: async (req) => {
      await accounts.sessions.logout(req.auth, req.body.refreshToken || undefined, clientOf(req));
      return ok({});
    },
  });

  app.get('/api/auth/me', {
    config: { access: 'signedIn' },
    schema: { tags, response: { 200: Ok(Type.Ref('UserInfo')) } },
    handler: async (req) => ok(await accounts.me(req.auth!.uid)),
  });

  app.post('/api/auth/change-password', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      body: Type.Object({ oldPassword: Password, newPassword: Password, newPassword2: Password }),
      response: { 200: Ok(Empty) },
    },
    handler: async (req) => {
      await accounts.changePassword(req.auth!, req.body, clientOf(req));
      return ok({});
    },
  });

  app.post('/api/auth/deactivate', {
    config: { access: 'signedIn' },
    schema: { tags, response: { 200: Ok(Empty) } },
    handler: async (req) => {
      await accounts.closeAccount(req.auth!, clientOf(req));
      return ok({});
    },
  });

  // self-service account flows: register, register-by-email, retrieve-by-email
  const Code = Type.String({ maxLength: 16 });
  const Email = Type.String({ maxLength: 254 });

  app.post('/api/auth/register', {
    config: { access: 'public' },
    schema: {
      tags,
      body: Type.Object({ ...NewAccountFields, ...CaptchaFields }),
      response: { 200: bundle },
    },
    handler: async (req) => {
      const { captchaId, captcha, ...account } = req.body;
      await registration.admit(req.ip, 'username');
      const data = await accounts.register(account, clientOf(req), () => verification.checkCaptcha('register', { captchaId, captcha }));
      return { success: true as const, data };
    },
  });

  app.post('/api/auth/register-by-email', {
    config: { access: 'public' },
    schema: {
      tags,
      body: Type.Object({
        email: Email,
        code: Code,
        nickname: Type.Optional(Type.String({ maxLength: 64 })),
        password: Password,
        password2: Password,
      }),
      response: { 200: bundle },
    },
    handler: async (req) => {
      const { code, ...account } = req.body;
      await registration.admit(req.ip, 'email');
      const data = await accounts.register(account, clientOf(req), () => verification.useCode({ scene: 'register', target: account.email, code }));
      return { success: true as const, data };
    },
  });

  app.post('/api/auth/reset-password-by-email', {
    config: { access: 'public' },
    schema: {
      tags,
      body: Type.Object({ email: Email, code: Code, password: Password, password2: Password }),
      response: { 200: Ok(Empty) },
    },
    handler: async (req) => {
      const { code, email, ...input } = req.body;
      await accounts.resetPasswordWithCode({ field: 'email', value: email }, input, clientOf(req), () =>
        verification.useCode({ scene: 'reset-pwd', target: email, code }),
      );
      return ok({});
    },
  });
  // sign-in by SMS, retrieve by SMS, bind-mobile, set-password (mobile-routes.ts)
  await mobileRoutes(ctx);
}
