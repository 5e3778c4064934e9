/**
 * Spec section 8, retry and expiry rules, as the console reads them.
 */

/** the access token is stale: refresh once and retry the request */
const REFRESH_CODES = new Set(['ACCESS_TOKEN_EXPIRED', 'ACCESS_TOKEN_DISABLED', 'GATEWAY_INVALID_TOKEN', 'InvalidParameter.InvalidToken']);

/** the login is gone: clear it and go to the login page, keeping the pending url */
const LOGIN_EXPIRED_CODES = new Set([
  'uni-id-token-expired',
  'uni-id-check-token-failed',
  'uni-id-token-not-exist',
  'uni-id-check-device-feature-failed',
  'REFRESH_TOKEN_EXPIRED',
  'INVALID_REFRESH_TOKEN',
  'SIGN_PARAM_INVALID',
]);

export function needsRefresh(code: string | undefined | null): boolean {
  return !!code && REFRESH_CODES.has(code);
}

export function isLoginExpiredCode(code: string | undefined | null): boolean {
  if (!code) return false;
  return LOGIN_EXPIRED_CODES.has(code) || code.startsWith('TOKEN_INVALID');
}

/** raised when the session cannot be renewed; `code` is the server's code when it gave one */
export class LoginExpiredError extends Error {
  readonly code: string;
  constructor(code = 'REFRESH_TOKEN_EXPIRED') {
    super(code);
    this.name = 'LoginExpiredError';
    this.code = code;
  }
}

/**
 * The refresh could not be done now (network error, timeout, server error): the login stays,
 * the next request tries again. `code` is NETWORK_ERROR, REQUEST_TIMEOUT or the server's code.
 */
export class RefreshUnavailableError extends Error {
  readonly code: string;
  readonly serverMessage?: string;
  constructor(code = 'NETWORK_ERROR', serverMessage?: string) {
    super(code);
    this.name = 'RefreshUnavailableError';
    this.code = code;
    this.serverMessage = serverMessage;
  }
}
