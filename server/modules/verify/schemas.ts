/**
 * The captcha's two fields, as every form that may ask for one sends them (the code senders
 * here, sign-in and sign-up in auth).
 */
import { Type } from '@sinclair/typebox';

export const CaptchaFields = {
  captchaId: Type.Optional(Type.String({ maxLength: 64 })),
  captcha: Type.Optional(Type.String({ maxLength: 16 })),
};
