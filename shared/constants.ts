/**
 * The spec's constants (section 9) and login config, shared by the server and the console.
 * No node-only imports here: the browser bundle imports this file. server/config.ts
 * re-exports both, so server code keeps importing them from there.
 */
/** Spec section 9: business constants and limits. */
export const SPEC = {
  ASYNC_PAGE_LOAD_DELAY_MS: 2000,
  ASYNC_PAGE_LOAD_TIMEOUT_MS: 60000,
  REQUEST_TIMEOUT_MS: 60000,
  UPLOAD_TIMEOUT_MS: 1200000,
  DOWNLOAD_TIMEOUT_MS: 60000,
  DEFAULT_CLIENT_TIMEOUT_MS: 15000,
  CLIENT_TIMEOUT_MIN_MS: 100,
  CLIENT_TIMEOUT_MAX_MS: 600000,
  PERSISTENCE_DEFAULT: 'session',
  PICKER_HIDE_DELAY_MS: 300,
  PLATFORM_KEY_CLEANUP_INTERVAL_MS: 900000,
  RESIZE_THROTTLE_MS: 50,
  FILE_CACHE_MAX_AGE_S: 2592000,
  APP_VERSION: '1.0.0',
  APP_VERSION_CODE: 100,
  TOP_BAR_HEIGHT_PX: 48,
  LEFT_MENU_WIDTH_PX: 240,
  TEMP_DOWNLOAD_URL_MAX_AGE_S: 600,
  MAX_FILES_PER_TEMP_URL_REQUEST: 50,
  PARALLEL_UPLOADS: 5,
  TOAST_DURATION_MS: 3000,
  WIDE_SCREEN_PX: 768,
  DATACOM_PAGE_SIZE: 20,
  /** under the first: "just now" / "in a moment"; under the second: minutes; from it on: the date */
  RELATIVE_TIME_THRESHOLDS_MS: [60000, 3600000] as const,
  LOCALES: ['en', 'zh-Hans', 'zh-Hant'] as const,
  FALLBACK_LOCALE: 'en',
} as const;

/** Spec section 9: login config, and the reference's token and lockout rules. */
export const LOGIN_CONFIG = {
  defaultScore: 10000,
  loginTypes: ['weixin', 'username'] as string[],
  passwordStrength: 'medium' as const,
  setPasswordAfterLogin: false,
  isAdmin: false,
  debug: false,
};

/** Verification code scenes (uni-id), and the forms an image captcha can be asked for. */
export const CODE_SCENES = ['register', 'login', 'bind-mobile', 'bind-email', 'reset-pwd', 'set-pwd'] as const;
export type CodeScene = (typeof CODE_SCENES)[number];
export const CAPTCHA_SCENES = ['register', 'send-code', 'login'] as const;
export type CaptchaScene = (typeof CAPTCHA_SCENES)[number];
