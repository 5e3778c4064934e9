/** spec section 3: the app state's appName and appid */
export const APP_NAME = 'console';
export const APP_ID = '__UNI__CONSOLE';
