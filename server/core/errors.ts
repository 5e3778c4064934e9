/**
 * The error catalogue. Every error the API answers carries one of these codes; the message
 * is the `error.<CODE>` entry of the shared catalogues in locales/ in the request's language.
 * Codes come from the spec's catalogue (section 8), the uni-id token codes, or new codes
 * named in the same style.
 */
export const ERRORS = {
  // spec section 8: cloud errors
  SYSTEM_ERROR: 500,
  SYS_ERR: 500,
  AUTH_FAILED: 401,
  INVALID_PARAM: 400,
  PARAM_ERROR: 400,
  UPLOAD_FAILED: 500,
  NETWORK_ERROR: 502,
  INVALID_OPERATION: 400,
  DELETE_FILE_FAILED: 500,
  GET_TEMP_FILE_URL_FAILED: 500,
  CLOUDPATH_REQUIRED: 400,
  STORAGE_REQUEST_FAIL: 502,
  NOT_LOGGED_IN: 401,
  // spec section 8: token errors (all lead the console to the login page)
  'uni-id-token-expired': 401,
  'uni-id-check-token-failed': 401,
  'uni-id-token-not-exist': 401,
  // retry and expiry rules
  ACCESS_TOKEN_EXPIRED: 401,
  REFRESH_TOKEN_EXPIRED: 401,
  INVALID_REFRESH_TOKEN: 401,
  // sign-in core
  PASSWORD_ERROR: 401,
  PASSWORD_ERROR_EXCEED_LIMIT: 429,
  ACCOUNT_DISABLED: 403,
  ACCOUNT_UNDER_REVIEW: 403,
  ACCOUNT_REVIEW_REJECTED: 403,
  ACCOUNT_CLOSED: 403,
  ANONYMOUS_CANNOT_LOGOUT: 400,
  ADMIN_EXISTS: 409,
  ACCOUNT_EXISTS: 409,
  USERNAME_INVALID: 400,
  NICKNAME_INVALID: 400,
  PASSWORD_INVALID: 400,
  PASSWORD_WEAK: 400,
  PASSWORD_MISMATCH: 400,
  PERMISSION_ERROR: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  // system administration (issue 3)
  /** a record with this id already exists (field = the id field) */
  ID_EXISTS: 409,
  /** ids, appid and app name are fixed once created */
  FIELD_IMMUTABLE: 400,
  /** the built-in role admin cannot be deleted */
  ROLE_BUILT_IN: 400,
  /** the built-in root menus cannot be deleted */
  MENU_BUILT_IN: 400,
  /** a menu's parent must exist, be a folder and not lie inside the menu itself */
  MENU_PARENT_INVALID: 400,
  /** a menu url starts with '/' or http, or is empty (folder) */
  MENU_URL_INVALID: 400,
  /** a folder that still has children cannot become a page */
  MENU_HAS_CHILDREN: 409,
  /** a value names a role, permission, tag or app that does not exist */
  REFERENCE_NOT_FOUND: 400,
  /** the last user holding role admin cannot be deleted or lose the role (register-admin would reopen) */
  LAST_ADMIN: 400,
  MOBILE_INVALID: 400,
  EMAIL_INVALID: 400,
  // captchas, verification codes and account flows (issue 4)
  /** the form needs the image captcha (field captcha) */
  CAPTCHA_REQUIRED: 400,
  /** wrong, expired or already used image captcha: a new one is shown */
  CAPTCHA_INVALID: 400,
  CAPTCHA_TOO_FREQUENT: 429,
  /** wrong verification code ({left} tries left) */
  CODE_INVALID: 400,
  /** no standing code: expired, already used or replaced by a newer one */
  CODE_EXPIRED: 400,
  /** too many wrong codes: the code is burnt */
  CODE_ATTEMPTS_EXCEEDED: 400,
  /** one code per address per interval ({seconds} to wait) */
  CODE_SEND_TOO_FREQUENT: 429,
  /** too many codes asked for from this IP */
  CODE_SEND_LIMIT: 429,
  EMAIL_SEND_FAILED: 502,
  /** no account with this email / mobile (field names which) */
  ACCOUNT_NOT_FOUND: 404,
} as const;

export type ErrorCode = keyof typeof ERRORS;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** the field the error concerns, for form errors */
  readonly field?: string;
  /** interpolation values for the message */
  readonly params?: Record<string, string | number>;

  constructor(code: ErrorCode, opts: { field?: string; params?: Record<string, string | number>; cause?: unknown } = {}) {
    super(code, opts.cause ? { cause: opts.cause } : undefined);
    this.code = code;
    this.status = ERRORS[code];
    this.field = opts.field;
    this.params = opts.params;
  }
}

export const isErrorCode = (c: string): c is ErrorCode => Object.prototype.hasOwnProperty.call(ERRORS, c);
