/**
 * Environment -> typed config. The spec's constants (section 9) are named once, in
 * shared/constants.ts (browser-safe, imported by the console too), and re-exported here.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Spec section 9 constants and the login config live in shared/constants.ts (the console imports them too). */
import { LOGIN_CONFIG, SPEC } from '../shared/constants';

export { SPEC, LOGIN_CONFIG, CODE_SCENES, CAPTCHA_SCENES, type CodeScene, type CaptchaScene } from '../shared/constants';

export const AUTH = {
  /** web access token lifetime */
  ACCESS_TOKEN_TTL_S: 7200,
  REFRESH_TOKEN_TTL_S: 30 * 24 * 3600,
  /**
   * A spent refresh token presented again within this many seconds is a lost answer (a reload
   * mid-refresh, two tabs at once), not a replay: it is rotated again instead of ending the session.
   */
  REFRESH_REUSE_GRACE_S: 30,
  /** failures per user per IP before PASSWORD_ERROR_EXCEED_LIMIT */
  MAX_LOGIN_FAILURES: 6,
  LOGIN_FAILURE_WINDOW_S: 3600,
  /** uni-id: the image captcha is required after 3 consecutive failures of a user+IP within 2 h */
  CAPTCHA_AFTER_FAILURES: 3,
  CAPTCHA_FAILURE_WINDOW_S: 7200,
};

/** Image captchas and verification codes. */
export const VERIFY = {
  /** uni-id: 6 digits, single use */
  CODE_LENGTH: 6,
  CODE_TTL_S: 300,
  /** uni-id: a bind-mobile code lives shorter */
  BIND_MOBILE_CODE_TTL_S: 240,
  /** one code per target (address) per this many seconds */
  CODE_RESEND_INTERVAL_S: 60,
  /** codes one IP may ask for per hour */
  CODE_MAX_PER_IP_PER_HOUR: 20,
  /** wrong codes tried against one code; the last one burns it */
  CODE_MAX_ATTEMPTS: 5,
  CAPTCHA_TTL_S: 300,
  CAPTCHA_LENGTH: 4,
  /** captchas one IP may ask for per minute */
  CAPTCHA_MAX_PER_IP_PER_MINUTE: 30,
  /** spent and expired captchas and codes are deleted after this long */
  KEEP_SPENT_S: 24 * 3600,
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
  /**
   * Which proxies' X-Forwarded-For to believe (TRUST_PROXY): false = none (the socket's address
   * is the client), a hop count, or the proxies' addresses/CIDRs. The client writes the left-most
   * entry itself, so it is never taken as such: the address is the one the trusted proxies saw.
   */
  trustProxy: false | number | string[];
  /** SMTP server for mails (smtp://user:pass@host:port, smtps://...); absent = test mode (outbox) */
  smtpUrl?: string;
  /** sender of the mails */
  mailFrom: string;
  /**
   * The console's public origin (https://console.example.com), for absolute links (temp file
   * urls, the weixin redirect_uri). Absent: the request's Host when it is in allowedHosts, else
   * the listen address (see publicOrigin in core/origin.ts). The Host header alone is never trusted.
   */
  publicUrl?: string;
  /** ALLOWED_HOSTS: host names (host or host:port) a request's Host may name to get links on it */
  allowedHosts: string[];
  /** login config (spec section 9) with the deployment's overrides (LOGIN_TYPES, SET_PASSWORD_AFTER_LOGIN) */
  login: { loginTypes: string[]; setPasswordAfterLogin: boolean };
  /** SMS through Aliyun's SendSms API (signed RPC requests); absent = test mode (sms_outbox + log) */
  sms?: { accessKeyId: string; accessKeySecret: string; signName: string; templateCode: string; endpoint: string };
  /** weixin web sign-in (open platform QR connect); absent = the weixin login type is not offered */
  weixin?: { appid: string; secret: string; authorizeUrl: string; apiBase: string };
  /** webview allow-list: origins (https://host[:port]) the webview page may frame */
  webviewAllow: string[];
  /** REGISTRATION=closed: no self-registration (register, register-by-email, SMS sign-in of unknown numbers) */
  registrationOpen: boolean;
  /**
   * Caps against abuse, on top of the captcha. "A day" is the last 24 hours; per-minute caps
   * count the whole site. Codes: verification codes sent; register: accounts self-created.
   */
  limits: {
    codesPerTargetPerDay: number;
    codesPerIpPerDay: number;
    codesPerMinute: number;
    registrationsPerIpPerDay: number;
    registrationsPerMinute: number;
  };
  /** what one account may keep in the file service */
  uploadQuota: { maxFiles: number; maxBytes: number };
  /**
   * AI calls: the first token must come within firstTokenMs (spec: the 60000 ms request
   * timeout), and later tokens within idleMs of each other, or the call ends with AI_TIMEOUT;
   * a channel with others behind it has channelWaitMs for its first token before the next is tried
   */
  ai: { firstTokenMs: number; idleMs: number; channelWaitMs: number };
  /** AI_TEST_TIMEOUT_MS: how long an admin's "test connection" waits for a provider */
  aiTestTimeoutMs: number;
  /**
   * Payment providers, each from its environment variables; one that is absent has its methods
   * shown disabled with the reason (there is no test mode that pays). Notifications come to
   * PUBLIC_URL, so without it no method is offered either.
   */
  pay: { alipay?: AlipayConfig; wxpay?: WxpayConfig };
  /** rewarded ads: the ad network's callback secret (absent: no rewards) and the ad pages the frame may show */
  ads: { callbackSecret?: string; pageAllow: string[] };
  /** a font with Chinese glyphs for invoice PDFs (TTF, OTF or a TTC collection and the face to use) */
  invoiceFont: { path: string; face?: string };
  /**
   * The statistics receiver's write buffer: at most bufferRows rows held (more answers STAT_BUSY),
   * at most flushRows rows per write, and rows gather flushMs before a write starts (while a write
   * runs the next batch gathers, so under load batches grow on their own), at most `writers` writes at once
   */
  statIngest: { bufferRows: number; flushRows: number; flushMs: number; writers: number };
}

/** Alipay open platform (alipay-sdk): the app, its private key and Alipay's public key */
export interface AlipayConfig {
  appId: string;
  /** PEM (PKCS#8 or PKCS#1) */
  privateKey: string;
  /** Alipay's public key (PEM), which signs its answers and notifications */
  alipayPublicKey: string;
  /** the OpenAPI gateway (https://openapi.alipay.com/gateway.do) */
  gateway: string;
}

/** WeChat Pay API v3: the merchant, its API certificate's key and serial, the APIv3 key, WeChat Pay's public key */
export interface WxpayConfig {
  mchid: string;
  /** the app id the Native payments are made for */
  appid: string;
  /** serial number of the merchant API certificate */
  serialNo: string;
  /** the merchant API private key (PEM) */
  privateKey: string;
  /** the 32-byte APIv3 key that decrypts notification resources (AES-256-GCM) */
  apiV3Key: string;
  /** WeChat Pay's public key (PEM) and its id (Wechatpay-Serial of what it signs) */
  platformPublicKey: string;
  platformPublicKeyId: string;
  /** https://api.mch.weixin.qq.com */
  apiBase: string;
}

/** a key given as PEM text (newlines may be written as \n) or as the path of a PEM file */
function pemOf(v: string | undefined, name: string): string | undefined {
  const s = v?.trim();
  if (!s) return undefined;
  if (s.includes('-----BEGIN')) return s.replace(/\\n/g, '\n');
  try {
    return fs.readFileSync(s, 'utf8');
  } catch {
    throw new ConfigError(`${name} must be a PEM key or the path of a readable PEM file (${s} cannot be read)`);
  }
}

function alipayOf(env: NodeJS.ProcessEnv): AlipayConfig | undefined {
  const privateKey = pemOf(env.ALIPAY_PRIVATE_KEY, 'ALIPAY_PRIVATE_KEY');
  const alipayPublicKey = pemOf(env.ALIPAY_PUBLIC_KEY, 'ALIPAY_PUBLIC_KEY');
  if (!env.ALIPAY_APP_ID || !privateKey || !alipayPublicKey) return undefined;
  return { appId: env.ALIPAY_APP_ID, privateKey, alipayPublicKey, gateway: env.ALIPAY_GATEWAY || 'https://openapi.alipay.com/gateway.do' };
}

function wxpayOf(env: NodeJS.ProcessEnv): WxpayConfig | undefined {
  const privateKey = pemOf(env.WXPAY_PRIVATE_KEY, 'WXPAY_PRIVATE_KEY');
  const platformPublicKey = pemOf(env.WXPAY_PUBLIC_KEY, 'WXPAY_PUBLIC_KEY');
  const { WXPAY_MCHID: mchid, WXPAY_APPID: appid, WXPAY_SERIAL_NO: serialNo, WXPAY_APIV3_KEY: apiV3Key, WXPAY_PUBLIC_KEY_ID: platformPublicKeyId } = env;
  if (!mchid || !appid || !serialNo || !privateKey || !apiV3Key || !platformPublicKey || !platformPublicKeyId) return undefined;
  if (Buffer.byteLength(apiV3Key, 'utf8') !== 32) throw new ConfigError('WXPAY_APIV3_KEY must be the 32-character APIv3 key set in the merchant platform');
  return {
    mchid,
    appid,
    serialNo,
    privateKey,
    apiV3Key,
    platformPublicKey,
    platformPublicKeyId,
    apiBase: (env.WXPAY_API_BASE || 'https://api.mch.weixin.qq.com').replace(/\/+$/, ''),
  };
}

/** the first CJK font found among the usual Debian places (fonts-noto-cjk), unless INVOICE_FONT names one */
const CJK_FONTS: Array<{ path: string; face?: string }> = [
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', face: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc', face: 'NotoSerifCJKsc-Regular' },
  { path: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', face: 'WenQuanYi Micro Hei' },
];
function invoiceFontOf(env: NodeJS.ProcessEnv): Config['invoiceFont'] {
  if (env.INVOICE_FONT) return { path: path.resolve(env.INVOICE_FONT), face: env.INVOICE_FONT_FACE || undefined };
  return CJK_FONTS.find((f) => fs.existsSync(f.path)) ?? CJK_FONTS[0];
}

/** HS256 wants a key at least as long as its hash: a shorter JWT_SECRET can be guessed offline */
export const MIN_JWT_SECRET_BYTES = 32;

/** A setting the server cannot start with; main.ts prints the message alone. */
export class ConfigError extends Error {}

function jwtSecretOf(v: string | undefined): string | undefined {
  if (!v) return undefined;
  const bytes = Buffer.byteLength(v, 'utf8');
  if (bytes < MIN_JWT_SECRET_BYTES) {
    throw new ConfigError(
      `JWT_SECRET is ${bytes} bytes long; it must be at least ${MIN_JWT_SECRET_BYTES} bytes ` +
        `(e.g. the output of: node -e "console.log(require('crypto').randomBytes(48).toString('base64url'))"), ` +
        'or leave JWT_SECRET unset to have one generated and kept in the database',
    );
  }
  return v;
}

/** TRUST_PROXY: '1' / 'true' = one proxy, a number = that many, else a list of proxy addresses/CIDRs */
function trustProxyOf(v: string | undefined): Config['trustProxy'] {
  const s = v?.trim();
  if (!s || s === '0' || s === 'false') return false;
  if (s === 'true') return 1;
  if (/^\d+$/.test(s)) return Number(s);
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(__dirname, '..');
  const int = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);
  const flag = (v: string) => v === '1' || v === 'true';
  const list = (v: string | undefined) =>
    v
      ? v
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)
      : undefined;
  return {
    port: int(env.PORT, 8000),
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR || path.join(root, 'data')),
    embeddedDbPort: int(env.EMBEDDED_DB_PORT, 54329),
    jwtSecret: jwtSecretOf(env.JWT_SECRET),
    accessTokenTtlS: int(env.ACCESS_TOKEN_TTL, AUTH.ACCESS_TOKEN_TTL_S),
    logLevel: env.LOG_LEVEL || 'info',
    staticDir: path.resolve(env.STATIC_DIR || path.join(root, 'dist')),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'AI assistant console <no-reply@localhost>',
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    allowedHosts: (list(env.ALLOWED_HOSTS) ?? []).map((h) => h.toLowerCase()),
    login: {
      loginTypes: list(env.LOGIN_TYPES) ?? LOGIN_CONFIG.loginTypes,
      setPasswordAfterLogin: env.SET_PASSWORD_AFTER_LOGIN ? flag(env.SET_PASSWORD_AFTER_LOGIN) : LOGIN_CONFIG.setPasswordAfterLogin,
    },
    sms:
      env.SMS_ACCESS_KEY_ID && env.SMS_ACCESS_KEY_SECRET
        ? {
            accessKeyId: env.SMS_ACCESS_KEY_ID,
            accessKeySecret: env.SMS_ACCESS_KEY_SECRET,
            signName: env.SMS_SIGN_NAME || '',
            templateCode: env.SMS_TEMPLATE_CODE || '',
            endpoint: (env.SMS_ENDPOINT || 'https://dysmsapi.aliyuncs.com').replace(/\/+$/, ''),
          }
        : undefined,
    weixin:
      env.WEIXIN_APPID && env.WEIXIN_SECRET
        ? {
            appid: env.WEIXIN_APPID,
            secret: env.WEIXIN_SECRET,
            authorizeUrl: env.WEIXIN_AUTHORIZE_URL || 'https://open.weixin.qq.com/connect/qrconnect',
            apiBase: (env.WEIXIN_API_BASE || 'https://api.weixin.qq.com').replace(/\/+$/, ''),
          }
        : undefined,
    webviewAllow: list(env.WEBVIEW_ALLOW) ?? [],
    registrationOpen: env.REGISTRATION !== 'closed',
    limits: {
      codesPerTargetPerDay: int(env.CODE_MAX_PER_TARGET_PER_DAY, 10),
      codesPerIpPerDay: int(env.CODE_MAX_PER_IP_PER_DAY, 50),
      codesPerMinute: int(env.CODE_MAX_PER_MINUTE, 60),
      registrationsPerIpPerDay: int(env.REGISTER_MAX_PER_IP_PER_DAY, 20),
      registrationsPerMinute: int(env.REGISTER_MAX_PER_MINUTE, 30),
    },
    uploadQuota: {
      maxFiles: int(env.UPLOAD_MAX_FILES_PER_USER, 1000),
      maxBytes: int(env.UPLOAD_MAX_BYTES_PER_USER, 1024 * 1024 * 1024),
    },
    ai: {
      firstTokenMs: int(env.AI_FIRST_TOKEN_TIMEOUT_MS, SPEC.REQUEST_TIMEOUT_MS),
      idleMs: int(env.AI_IDLE_TIMEOUT_MS, SPEC.REQUEST_TIMEOUT_MS),
      channelWaitMs: int(env.AI_CHANNEL_WAIT_MS, 15_000),
    },
    aiTestTimeoutMs: int(env.AI_TEST_TIMEOUT_MS, 15_000),
    pay: { alipay: alipayOf(env), wxpay: wxpayOf(env) },
    ads: { callbackSecret: env.AD_CALLBACK_SECRET || undefined, pageAllow: list(env.AD_PAGE_ALLOW) ?? [] },
    invoiceFont: invoiceFontOf(env),
    statIngest: {
      bufferRows: Math.max(1, int(env.STAT_BUFFER_ROWS, 50_000)),
      flushRows: Math.max(1, int(env.STAT_FLUSH_ROWS, 2_000)),
      flushMs: int(env.STAT_FLUSH_MS, 2),
      writers: Math.min(3, Math.max(1, int(env.STAT_WRITERS, 2))),
    },
  };
}
