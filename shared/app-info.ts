/**
 * Who the console is (spec section 3, app state: appName and appid). The server checks a
 * user's authorized apps against APP_ID at sign-in; the console shows both. Browser-safe.
 */
export const APP_NAME = 'console';
export const APP_ID = '__UNI__CONSOLE';
