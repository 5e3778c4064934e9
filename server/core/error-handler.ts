/**
 * Maps every failure to `{ success: false, errorCode, errorMessage, field?, requestId }`
 * with the catalogue's HTTP status and a message in the request's language.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
