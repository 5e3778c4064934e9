/** spec section 3: the app state's appName and appid (one home: shared/app-info.ts) */
export { APP_ID, APP_NAME } from '../../shared/app-info';
