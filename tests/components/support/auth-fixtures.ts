/**
 * The server's answers the account pages ask for first, in the generated API types: one place
 * to add a field when the login config grows.
 */
import type { paths } from '../../../src/services/api-types';

type LoginConfig = paths['/api/auth/login-config']['get']['responses'][200]['content']['application/json']['data'];

/** GET /api/auth/login-config: the defaults of a fresh install, with the test's changes */
export const loginConfigAnswer = (changes: Partial<LoginConfig> = {}) => ({
  success: true as const,
  data: {
    loginTypes: ['weixin', 'username'],
    adminExists: true,
    setPasswordAfterLogin: false,
    passwordStrength: 'medium',
    defaultScore: 10000,
    weixinConfigured: false,
    smsTestMode: false,
    registrationOpen: true,
    ...changes,
  } satisfies LoginConfig,
});

/** GET /api/auth/captcha: a (tiny) PNG under this id */
export const captchaAnswer = (id = 'cap-1') => ({
  success: true as const,
  data: { id, image: 'data:image/png;base64,iVBORw0KGgo=', expiresIn: 300 },
});
