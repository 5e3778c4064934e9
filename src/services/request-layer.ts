/**
 * The request layer: umi's `request` runtime config (src/app.tsx passes the real
 * dependencies). It has no umi imports, so the tests drive it through an axios instance with
 * a fake adapter.
 *
 *  - every request carries `Authorization: Bearer <token>` and the chosen language;
 *  - ACCESS_TOKEN_EXPIRED (and the spec's other refresh codes): refresh once (shared by
 *    parallel requests, see shared/refresh.ts) and retry the request once;
 *  - a refused refresh token or a uni-id token error: the stored login is cleared and the user
 *    goes to the login page with the pending url (onLoginExpired);
 *  - a refresh that fails for the network, a timeout or a server error keeps the login: the
 *    request fails with that error (shown as such) and the next request refreshes again;
 *  - failures are shown as spec section 8 says: the 'notice' modal with 'request service
 *    failed' for failed requests and server errors, a 3000 ms toast for business errors.
 *    Callers that show errors themselves (forms) pass `skipErrorHandler: true` and use
 *    `requestErrorOf` to read the code, message and field.
 */
import type { AxiosError, AxiosRequestConfig, AxiosResponse } from 'axios';
import { isLoginExpiredCode, LoginExpiredError, needsRefresh, RefreshUnavailableError } from '../shared/auth-errors';
import type { Refresher } from '../shared/refresh';

export interface ApiErrorBody {
  success: false;
  errorCode: string;
  errorMessage?: string;
  /** the form field the error concerns */
  field?: string;
  requestId?: string;
}

export type RequestOptions = AxiosRequestConfig & {
  skipErrorHandler?: boolean;
  /** sent without the access token, and token errors in the answer are the caller's (logout) */
  skipAuth?: boolean;
  /** internal: the token the request was sent with, and whether it was already retried */
  __token?: string | null;
  __authRetried?: boolean;
};

export type Translate = (id: string, values?: Record<string, string | number>) => string;

export interface RequestLayerDeps {
  getToken: () => string | null;
  acceptLanguage: () => string;
  refresh: Refresher;
  /** sends a request again through the same instance (interceptors included) */
  retry: (config: RequestOptions) => Promise<AxiosResponse>;
  /** clears nothing itself: the login is already cleared; shows the notice and redirects */
  onLoginExpired: (code: string) => void;
  toast: (text: string) => void;
  modal: (title: string, content: string) => void;
  t: Translate;
  timeoutMs: number;
}

export type RequestErrorKind = 'login-expired' | 'timeout' | 'network' | 'aborted' | 'server' | 'business';

export interface RequestErrorInfo {
  kind: RequestErrorKind;
  code?: string;
  message?: string;
  field?: string;
  status?: number;
}

/** marks an error whose handling (the login page) is already under way */
export interface HandledError {
  loginExpired?: boolean;
}

function bodyOf(error: unknown): ApiErrorBody | null {
  const e = error as { response?: { data?: unknown }; info?: unknown };
  const data = (e?.response?.data ?? e?.info) as Partial<ApiErrorBody> | undefined;
  return data && typeof data === 'object' && typeof data.errorCode === 'string' ? (data as ApiErrorBody) : null;
}

/** what kind of failure an error from `request` is, with the server's code, message and field */
export function requestErrorOf(error: unknown): RequestErrorInfo {
  if (error instanceof LoginExpiredError || (error as HandledError)?.loginExpired) {
    return { kind: 'login-expired', code: (error as { code?: string }).code };
  }
  if (error instanceof RefreshUnavailableError) {
    if (error.code === 'REQUEST_TIMEOUT') return { kind: 'timeout', code: error.code };
    if (error.code === 'NETWORK_ERROR') return { kind: 'network', code: error.code };
    return { kind: 'server', code: error.code, message: error.serverMessage };
  }
  const e = error as AxiosError & { code?: string };
  const body = bodyOf(error);
  const status = e?.response?.status;
  if (body) {
    if (isLoginExpiredCode(body.errorCode)) return { kind: 'login-expired', code: body.errorCode, message: body.errorMessage, status };
    return {
      kind: status && status >= 500 ? 'server' : 'business',
      code: body.errorCode,
      message: body.errorMessage,
      field: body.field,
      status,
    };
  }
  if (e?.response) return { kind: 'server', status };
  if (e?.code === 'ETIMEDOUT' || (e?.code === 'ECONNABORTED' && /timeout/i.test(e.message ?? ''))) return { kind: 'timeout' };
  if (e?.code === 'ERR_CANCELED' || e?.code === 'ECONNABORTED' || (e as { __CANCEL__?: boolean })?.__CANCEL__) return { kind: 'aborted' };
  return { kind: 'network' };
}

/** the text for an error, in the current language */
export function requestErrorText(info: RequestErrorInfo, t: Translate, timeoutMs: number): string {
  switch (info.kind) {
    case 'timeout':
      return t('request.timeout', { seconds: Math.round(timeoutMs / 1000) });
    case 'network':
      return t('error.NETWORK_ERROR');
    case 'login-expired':
      return t('auth.loginExpired');
    default:
      if (info.message) return info.message;
      return info.code ? t('request.failedWithCode', { code: info.code }) : t('request.failed');
  }
}

/** spec section 8: the modal for failed requests and server errors, a toast otherwise */
export function showRequestError(error: unknown, deps: Pick<RequestLayerDeps, 't' | 'toast' | 'modal' | 'timeoutMs'>) {
  const info = requestErrorOf(error);
  if (info.kind === 'login-expired' || info.kind === 'aborted') return;
  const text = requestErrorText(info, deps.t, deps.timeoutMs);
  if (info.kind === 'business') {
    deps.toast(text);
    return;
  }
  const head = deps.t('request.failed');
  deps.modal(deps.t('common.notice'), text === head ? head : `${head}: ${text}`);
}

export function createRequestConfig(deps: RequestLayerDeps) {
  const attach = (config: RequestOptions): RequestOptions => {
    const token = config.skipAuth ? null : deps.getToken();
    const headers = { ...(config.headers as Record<string, string> | undefined) };
    if (token && !headers.Authorization) headers.Authorization = `Bearer ${token}`;
    if (!headers['Accept-Language']) headers['Accept-Language'] = deps.acceptLanguage();
    return { ...config, headers, __token: token };
  };

  const loginExpired = (code: string, cause: unknown) => {
    deps.onLoginExpired(code);
    const err = (cause && typeof cause === 'object' ? cause : new LoginExpiredError(code)) as HandledError & { code?: string };
    err.loginExpired = true;
    return err;
  };

  const onResponseError = async (error: AxiosError & HandledError) => {
    const config = error?.config as RequestOptions | undefined;
    const code = bodyOf(error)?.errorCode;
    if (config?.skipAuth) throw error;
    if (needsRefresh(code) && config) {
      if (config.__authRetried) throw loginExpired(code!, error);
      let token: string;
      try {
        token = await deps.refresh(config.__token ?? null);
      } catch (e) {
        // the login stays: the request fails with the refresh's own error, the next one retries
        if (e instanceof RefreshUnavailableError) throw e;
        throw loginExpired(e instanceof LoginExpiredError ? e.code : 'REFRESH_TOKEN_EXPIRED', error);
      }
      const headers = { ...(config.headers as Record<string, string> | undefined), Authorization: `Bearer ${token}` };
      return deps.retry({ ...config, headers, __authRetried: true });
    }
    if (isLoginExpiredCode(code)) throw loginExpired(code!, error);
    throw error;
  };

  const responseInterceptors: [(r: AxiosResponse) => AxiosResponse, (e: AxiosError & HandledError) => Promise<AxiosResponse>][] = [
    [(response) => response, onResponseError],
  ];

  return {
    timeout: deps.timeoutMs,
    // timeouts answer ETIMEDOUT, distinct from aborts
    transitional: { clarifyTimeoutError: true },
    errorConfig: {
      /** a 2xx answer with success: false */
      errorThrower: (body: ApiErrorBody) => {
        const err = new Error(body.errorMessage || body.errorCode) as Error & { info: ApiErrorBody; name: string };
        err.name = 'BizError';
        err.info = body;
        throw err;
      },
      errorHandler: (error: unknown, opts?: RequestOptions) => {
        if (opts?.skipErrorHandler) return;
        showRequestError(error, deps);
      },
    },
    requestInterceptors: [attach],
    responseInterceptors,
  };
}
