/**
 * Environment -> typed config. The spec's constants (section 9) live here by name so that
 * the server and the console (which imports the shared ones from here) use one value each.
 */
import path from 'node:path';

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

export const AUTH = {
  /** web access token lifetime */
  ACCESS_TOKEN_TTL_S: 7200,
  REFRESH_TOKEN_TTL_S: 30 * 24 * 3600,
  /** failures per user per IP before PASSWORD_ERROR_EXCEED_LIMIT */
  MAX_LOGIN_FAILURES: 6,
  LOGIN_FAILURE_WINDOW_S: 3600,
};

export const LIST = {
  DEFAULT_PAGE_SIZE: 20,
  MAX_PAGE_SIZE: 500,
};

export interface Config {
  port: number;
  host: string;
  /** external PostgreSQL; when absent the embedded one runs with data in dataDir */
  databaseUrl?: string;
  dataDir: string;
  /** port of the embedded PostgreSQL */
  embeddedDbPort: number;
  /** HS256 secret; when absent one is generated and kept in the database */
  jwtSecret?: string;
  accessTokenTtlS: number;
  logLevel: string;
  /** the built console (umi build output) */
  staticDir: string;
  trustProxy: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(__dirname, '..');
  const int = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);
  return {
    port: int(env.PORT, 8000),
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR || path.join(root, 'data')),
    embeddedDbPort: int(env.EMBEDDED_DB_PORT, 54329),
    jwtSecret: env.JWT_SECRET || undefined,
    accessTokenTtlS: int(env.ACCESS_TOKEN_TTL, AUTH.ACCESS_TOKEN_TTL_S),
    logLevel: env.LOG_LEVEL || 'info',
    staticDir: path.resolve(env.STATIC_DIR || path.join(root, 'dist')),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
  };
}
