/**
 * Uploads: multipart parsing registered in the scope of the routes that take files (nowhere
 * else), with their limits, and a request's parts once it is known to be multipart.
 */
import multipart, { type Multipart } from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { ModuleApp } from './context';
import { AppError } from './errors';

/** registers `routes` in a scope that parses multipart bodies: one file of at most `fileSize` bytes and `fields` text fields */
export async function uploadScope(app: ModuleApp, limits: { fileSize: number; fields: number }, routes: (scope: ModuleApp) => void) {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: limits.fileSize, files: 1, fields: limits.fields, fieldSize: 4096, parts: limits.fields + 1 },
    });
    routes(scope.withTypeProvider<TypeBoxTypeProvider>());
  });
}

/** the parts of a multipart body; INVALID_PARAM (field file) when it is none */
export function partsOf(req: FastifyRequest): AsyncIterableIterator<Multipart> {
  // without a boundary the parts cannot be told apart (busboy would throw a plain Error)
  if (!req.isMultipart() || !/;\s*boundary=/i.test(req.headers['content-type'] ?? '')) {
    throw new AppError('INVALID_PARAM', { field: 'file', params: { reason: 'multipart/form-data expected' } });
  }
  return req.parts();
}
