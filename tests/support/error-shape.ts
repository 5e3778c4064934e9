/** What every error answer must look like: the standard headers, and the catalogue shape (the relay's: its API's own, with a catalogue code). */
import { ERRORS } from '../../server/core/errors';

const CODES = new Set(Object.keys(ERRORS));

/** the headers every answer carries, whichever layer wrote it */
const STANDARD_HEADERS = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-request-id'];

/**
 * The relay (/v1) answers in the shape of the API its clients speak, with the catalogue's code:
 * OpenAI's `{ error: { message, type, param, code } }` or Anthropic's `{ type: 'error', error: { type, message, code } }`
 */
function relayShaped(body: any): boolean {
  const e = body?.error;
  if (!e || typeof e.message !== 'string' || !e.message || typeof e.type !== 'string' || !CODES.has(e.code)) return false;
  if (body.type === 'error') return Object.keys(body).every((k) => ['type', 'error', 'request_id'].includes(k));
  return Object.keys(body).length === 1 && (e.param === null || typeof e.param === 'string');
}

/** what is wrong with an answer ('' = nothing) */
export function problemOf(res: { statusCode: number; body: string; headers: Record<string, unknown> }, url = ''): string {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 300)}`;
  const missing = STANDARD_HEADERS.filter((h) => typeof res.headers[h] !== 'string');
  if (missing.length) return `status ${res.statusCode} without ${missing.join(', ')}`;
  if (res.statusCode < 400) return '';
  let body: any;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `status ${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 200)}`;
  }
  if (url.startsWith('/v1/')) return relayShaped(body) ? '' : `status ${res.statusCode} not in the relay's error shape: ${res.body.slice(0, 300)}`;
  const shaped =
    body &&
    body.success === false &&
    typeof body.errorCode === 'string' &&
    typeof body.errorMessage === 'string' &&
    body.errorMessage.length > 0 &&
    typeof body.requestId === 'string' &&
    Object.keys(body).every((k) => ['success', 'errorCode', 'errorMessage', 'field', 'requestId'].includes(k));
  if (!shaped) return `status ${res.statusCode} not in the error shape: ${res.body.slice(0, 300)}`;
  if (!CODES.has(body.errorCode)) return `error code ${body.errorCode} is not in the catalogue`;
  return '';
}
