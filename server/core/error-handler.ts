/**
 * Maps every failure to `{ success: false, errorCode, errorMessage, field?, requestId }`
 * with the catalogue's HTTP status and a message in the request's language.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { AppError, type ErrorCode, NUMERIC_CODES } from './errors';
import { pickLang, t } from './i18n';

export interface ErrorBody {
  success: false;
  errorCode: string;
  errorMessage: string;
  /** the spec's numeric code, for the few errors that have one */
  code?: number;
  field?: string;
  requestId: string;
}

export function errorBody(req: FastifyRequest, code: ErrorCode, field?: string, params?: Record<string, string | number>): ErrorBody {
  const lang = pickLang(req.headers['accept-language']);
  const fieldLabel = field ? t(lang, `field.${field}`) : undefined;
  const label = fieldLabel && fieldLabel !== `field.${field}` ? fieldLabel : field;
  // PARAM_ERROR's {type} is a JSON type name: said in the request's language
  const typeKey = code === 'PARAM_ERROR' && params?.type !== undefined ? `error.PARAM_ERROR.type.${params.type}` : undefined;
  const typeName: Record<string, string> = typeKey && t(lang, typeKey) !== typeKey ? { type: t(lang, typeKey) } : {};
  return {
    success: false,
    errorCode: code,
    errorMessage: t(lang, `error.${code}`, { field: label ?? '', ...params, ...typeName }),
    ...(NUMERIC_CODES[code] ? { code: NUMERIC_CODES[code] } : {}),
    ...(field ? { field } : {}),
    requestId: req.id,
  };
}

/** the request's media type as an error names it (without parameters, bounded; '-' when none) */
export const mediaTypeOf = (req: FastifyRequest) =>
  String(req.headers['content-type'] ?? '')
    .split(';', 1)[0]
    .trim()
    .slice(0, 100) || '-';

/** AJV error -> the field it concerns ('body.username' style paths become 'username'). */
function validationField(err: FastifyError): string | undefined {
  const v = err.validation?.[0];
  if (!v) return undefined;
  const missing = (v.params as { missingProperty?: string })?.missingProperty;
  const p = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
  // the whole body or query string has the wrong shape (a JSON array, a bare string): name the part
  return missing ? (p ? `${p}.${missing}` : missing) : p || err.validationContext || undefined;
}

/** the PostgreSQL error code of an error or of its cause (drizzle wraps the driver's error) */
function pgCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 3; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) req.log.error({ err, cause: err.cause }, `${err.code}`);
      return reply.status(err.status).send(errorBody(req, err.code, err.field, err.params));
    }
    if ((err as FastifyError).validation) {
      const v = (err as FastifyError).validation![0];
      const field = validationField(err as FastifyError);
      const typeError = v.keyword === 'type';
      return reply
        .status(400)
        .send(
          typeError
            ? errorBody(req, 'PARAM_ERROR', field, { type: String((v.params as { type?: string }).type) })
            : errorBody(req, 'INVALID_PARAM', field, { reason: v.message ?? v.keyword }),
        );
    }
    // a statement timeout (the stats read pool's): too heavy a query right now, not a bug
    if (pgCode(err) === '57014') {
      req.log.warn({ err }, 'query cancelled by its statement timeout');
      return reply.status(503).header('retry-after', '30').send(errorBody(req, 'QUERY_TIMEOUT'));
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status === 413) return reply.status(413).send(errorBody(req, 'PAYLOAD_TOO_LARGE'));
    if (status === 415) return reply.status(415).send(errorBody(req, 'UNSUPPORTED_MEDIA_TYPE', 'content-type', { type: mediaTypeOf(req) }));
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(req, 'INVALID_PARAM', undefined, { reason: err.message }));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody(req, 'SYSTEM_ERROR'));
  });

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/')) {
      return reply.status(404).send(errorBody(req, 'ROUTE_NOT_FOUND', undefined, { route: `${req.method} ${req.url.split('?')[0]}` }));
    }
    // the console uses hash routing, so any other path is the console itself
    const sendFile = (reply as FastifyReply & { sendFile?: (f: string) => FastifyReply }).sendFile;
    if (req.method === 'GET' && sendFile) return sendFile.call(reply, 'index.html');
    return reply.status(404).send(errorBody(req, 'NOT_FOUND'));
  });
}

/**
 * The answer to a request Node itself refuses before fastify sees it (a malformed request line or
 * header, headers over the size limit, a request that does not arrive in time): the catalogue
 * shape and the standard headers, written to the socket, as fastify's own handler would in its
 * own shape. `this` is the app (fastify binds it).
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket) {
  // a connection reset: nobody to answer
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const code = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'REQUEST_TIMEOUT' : err.code === 'HPE_HEADER_OVERFLOW' ? 'HEADERS_TOO_LARGE' : 'INVALID_PARAM';
  const status = code === 'REQUEST_TIMEOUT' ? 408 : code === 'HEADERS_TOO_LARGE' ? 431 : 400;
  const id = randomUUID();
  // no parsed request: the default language, and a request id of its own
  const pseudo = { headers: {}, id } as unknown as FastifyRequest;
  const body = JSON.stringify(errorBody(pseudo, code, undefined, code === 'INVALID_PARAM' ? { reason: 'malformed HTTP request' } : undefined));
  const headers: Record<string, string | number> = {
    ...this.standardHeaders(id),
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  };
  this.log.debug({ err }, 'refused by Node before routing');
  if (socket.writable) {
    const head = Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n');
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n\r\n${body}`);
  }
  socket.destroy(err);
}
