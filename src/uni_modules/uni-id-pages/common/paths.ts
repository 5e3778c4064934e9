/** The account pages' paths (spec section 2). */
import { UNI_ID_PAGES } from '../../../../config/routes';

export const LOGIN_WITHPWD = `${UNI_ID_PAGES}/login/login-withpwd`;
export const LOGIN_WITHOUTPWD = `${UNI_ID_PAGES}/login/login-withoutpwd`;
export const REGISTER_ADMIN = `${UNI_ID_PAGES}/register/register-admin`;
export const ADMIN_HOME = '/pages/admin-index/admin-index';
