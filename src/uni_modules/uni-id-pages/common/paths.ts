/** The account pages' paths (spec section 2). */
import { UNI_ID_PAGES } from '../../../../config/routes';

export const LOGIN_WITHPWD = `${UNI_ID_PAGES}/login/login-withpwd`;
export const LOGIN_WITHOUTPWD = `${UNI_ID_PAGES}/login/login-withoutpwd`;
export const REGISTER_ADMIN = `${UNI_ID_PAGES}/register/register-admin`;
export const ADMIN_HOME = '/pages/admin-index/admin-index';
export const REGISTER = `${UNI_ID_PAGES}/register/register`;
export const REGISTER_BY_EMAIL = `${UNI_ID_PAGES}/register/register-by-email`;
export const RETRIEVE_BY_EMAIL = `${UNI_ID_PAGES}/retrieve/retrieve-by-email`;
export const CHANGE_PWD = `${UNI_ID_PAGES}/userinfo/change_pwd/change_pwd`;
export const DEACTIVATE = `${UNI_ID_PAGES}/userinfo/deactivate/deactivate`;
export const LOGIN_SMSCODE = `${UNI_ID_PAGES}/login/login-smscode`;
export const RETRIEVE = `${UNI_ID_PAGES}/retrieve/retrieve`;
export const USERINFO = `${UNI_ID_PAGES}/userinfo/userinfo`;
export const BIND_MOBILE = `${UNI_ID_PAGES}/userinfo/bind-mobile/bind-mobile`;
export const BIND_EMAIL = `${UNI_ID_PAGES}/userinfo/bind-email/bind-email`;
export const CROP_IMAGE = `${UNI_ID_PAGES}/userinfo/cropImage/cropImage`;
export const SET_PWD = `${UNI_ID_PAGES}/userinfo/set-pwd/set-pwd`;
export const REALNAME_VERIFY = `${UNI_ID_PAGES}/userinfo/realname-verify/realname-verify`;
