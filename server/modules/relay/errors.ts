/**
 * The relay's errors in the shape of the API the client speaks (OpenAI's `{ error: { message,
 * type, param, code } }` or Anthropic's `{ type: 'error', error: { type, message } }`), with the
 * catalogue's code and message in the request's language, so the official SDKs raise their own
 * error classes; and a provider's refusal passed on as the provider gave it.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody, mediaTypeOf } from '../../core/error-handler';
import { AppError, type ErrorCode } from '../../core/errors';

export type Dialect = 'openai' | 'anthropic';

/** what the client speaks: Anthropic's Messages API, or a call that says it is an Anthropic client */
export const dialectOf = (req: FastifyRequest): Dialect =>
  req.url.startsWith('/v1/messages') || req.headers['anthropic-version'] !== undefined ? 'anthropic' : 'openai';

const QUOTA: ErrorCode[] = ['INSUFFICIENT_CREDITS', 'DAILY_LIMIT_REACHED', 'API_KEY_CAP_REACHED'];

interface Shaped {
  status: number;
  type: string;
  code: string;
  message: string;
  param: string | null;
  retryAfter?: number;
  /** the SDKs retry a 429 unless told not to: a spent balance does not come back by waiting */
  noRetry?: boolean;
}

function shape(req: FastifyRequest, err: FastifyError | AppError, dialect: Dialect): Shaped {
  const anthropic = dialect === 'anthropic';
  if (err instanceof AppError) {
    const b = errorBody(req, err.code, err.field, err.params);
    const base = { code: err.code, message: b.errorMessage, param: err.field ?? null };
    if (err.code === 'uni-id-token-not-exist' || err.code === 'uni-id-token-expired' || err.code === 'uni-id-check-token-failed') {
      return { ...base, status: 401, type: anthropic ? 'authentication_error' : 'invalid_request_error', message: 'Incorrect or unusable API key' };
    }
    if (err.code === 'PERMISSION_ERROR') return { ...base, status: 403, type: 'permission_error' };
    if (err.code === 'MODEL_NOT_AVAILABLE') return { ...base, status: 404, type: anthropic ? 'not_found_error' : 'invalid_request_error' };
    if (QUOTA.includes(err.code)) {
      // as the providers themselves answer a spent balance: OpenAI 429 insufficient_quota, Anthropic 400
      return anthropic
        ? { ...base, status: 400, type: 'invalid_request_error', noRetry: true }
        : { ...base, status: 429, type: 'insufficient_quota', noRetry: true };
    }
    if (err.status === 429) {
      const seconds = Number(err.params?.seconds ?? 60);
      return { ...base, status: 429, type: anthropic ? 'rate_limit_error' : 'rate_limit_exceeded', retryAfter: seconds };
    }
    if (err.code === 'AI_TIMEOUT') return { ...base, status: 504, type: anthropic ? 'api_error' : 'timeout' };
    if (err.status >= 500) {
      req.log.error({ err, cause: err.cause }, err.code);
      return { ...base, status: err.status === 500 ? 500 : 502, type: 'api_error' };
    }
    return { ...base, status: err.status, type: 'invalid_request_error' };
  }
  const status = (err as FastifyError).statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code: ErrorCode = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'INVALID_PARAM';
    const message = status === 413 || status === 415 ? errorBody(req, code, undefined, { type: mediaTypeOf(req) }).errorMessage : err.message;
    return { status, type: anthropic && status === 413 ? 'request_too_large' : 'invalid_request_error', code, message, param: null };
  }
  req.log.error({ err }, 'unhandled relay error');
  return { status: 500, type: 'api_error', code: 'SYSTEM_ERROR', message: errorBody(req, 'SYSTEM_ERROR').errorMessage, param: null };
}

/** the body of an error in the dialect (also what a stream that fails midway sends as its last event) */
export function errorPayload(req: FastifyRequest, err: FastifyError | AppError, dialect: Dialect) {
  const s = shape(req, err, dialect);
  const body =
    dialect === 'anthropic'
      ? { type: 'error', error: { type: s.type, message: s.message, code: s.code }, request_id: req.id }
      : { error: { message: s.message, type: s.type, param: s.param, code: s.code } };
  return { shaped: s, body };
}

export function sendRelayError(req: FastifyRequest, reply: FastifyReply, err: FastifyError | AppError) {
  const { shaped, body } = errorPayload(req, err, dialectOf(req));
  if (shaped.retryAfter !== undefined) reply.header('retry-after', String(shaped.retryAfter));
  if (shaped.noRetry) reply.header('x-should-retry', 'false');
  return reply.status(shaped.status).send(body);
}

/**
 * A provider's refusal before anything was generated, passed on in its own words: its 4xx as it
 * gave it (a 429 with its Retry-After), but a refusal of the service's own credentials (401,
 * 403) or a failure of its own (5xx) as a 502, so a client never takes it for its own key's.
 */
export function sendProviderError(reply: FastifyReply, status: number, text: string, retryAfter: string | null, dialect: Dialect) {
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  const passOn = status >= 400 && status < 500 && status !== 401 && status !== 403;
  if (passOn && json && typeof json === 'object') {
    if (status === 429 && retryAfter) reply.header('retry-after', retryAfter);
    return reply.status(status).send(json);
  }
  const said = (json as { error?: { message?: unknown } } | null)?.error?.message;
  const message = `The provider answered ${status}${typeof said === 'string' && said ? `: ${said.slice(0, 500)}` : ''}`;
  const out = passOn ? status : 502;
  return reply
    .status(out)
    .send(
      dialect === 'anthropic'
        ? { type: 'error', error: { type: out === 429 ? 'rate_limit_error' : 'api_error', message, code: 'AI_PROVIDER_ERROR' } }
        : { error: { message, type: 'upstream_error', param: null, code: 'AI_PROVIDER_ERROR' } },
    );
}
