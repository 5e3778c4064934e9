/**
 * Which sign-in routes the deployment takes (LOGIN_TYPES): a hidden button is not enough, each
 * route checks its own type. Auth, weixin and the SMS code sender all ask.
 */
import type { Config } from '../config';
import { AppError } from './errors';

/** the login types of the spec's login config that a sign-in route stands for */
export type LoginType = 'username' | 'smsCode' | 'weixin';

/** throws LOGIN_TYPE_DISABLED unless LOGIN_TYPES lists `type` */
export function requireLoginType(config: Config, type: LoginType) {
  if (!config.login.loginTypes.includes(type)) throw new AppError('LOGIN_TYPE_DISABLED');
}
