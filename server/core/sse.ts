/**
 * Server-sent events over the response of a POST (an AI answer streamed while it is written):
 * written straight to the socket, with the catalogue message of an error in the caller's language.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './error-handler';
import type { AppError } from './errors';

export interface SseSink {
  send(event: string, data: unknown): void;
  /** called once if the client goes away before the stream ends */
  onClose(cb: () => void): void;
  describe(e: AppError): { errorCode: string; errorMessage: string };
}

/** the server-sent events of one answer, written straight to the socket */
export function sseSink(req: FastifyRequest, reply: FastifyReply): SseSink {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...req.server.standardHeaders(req.id),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  res.flushHeaders();
  return {
    send(event, data) {
      if (!res.writableEnded && !res.destroyed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    onClose(cb) {
      // the client may have gone while the answer was being prepared
      if (res.destroyed || req.raw.socket?.destroyed) return cb();
      res.on('close', () => {
        if (!res.writableFinished) cb();
      });
    },
    describe(e: AppError) {
      const b = errorBody(req, e.code, e.field, e.params);
      return { errorCode: b.errorCode, errorMessage: b.errorMessage };
    },
  };
}
