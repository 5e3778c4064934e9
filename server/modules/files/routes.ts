/** File service routes (spec sections 5 and 7): thin; the rules live in service.ts. */
import { Type } from '@sinclair/typebox';
import { UPLOAD_MAX_BYTES } from '../../../shared/validation';
import { SPEC } from '../../config';
import { AppError } from '../../core/errors';
import { partsOf, uploadScope } from '../../core/multipart';
import { publicOrigin } from '../../core/origin';
import { ok, Ok } from '../../core/schemas';
import { INLINE_TYPES } from './service';
import type { ModuleContext } from '../services';

const FileList = Type.Unsafe<Array<string | { fileID: string; maxAge?: number }>>({
  description: `a non-empty array of at most ${SPEC.MAX_FILES_PER_TEMP_URL_REQUEST} entries: a file id, or { fileID, maxAge } (maxAge in s, capped at ${SPEC.TEMP_DOWNLOAD_URL_MAX_AGE_S})`,
});
const IdList = Type.Unsafe<string[]>({ description: 'a non-empty array of non-empty file ids' });

export async function fileRoutes({ app, config, files }: ModuleContext) {
  const tags = ['files'];

  await uploadScope(app, { fileSize: UPLOAD_MAX_BYTES, fields: 5 }, (scope) => {
    scope.post('/api/files/upload', {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'upload one file: multipart/form-data with the fields cloudPath (spec section 5 rules) and file',
        consumes: ['multipart/form-data'],
        response: { 200: Ok(Type.Object({ fileID: Type.String(), url: Type.String() })) },
      },
      handler: async (req) => ok(await files.upload(req.auth!.uid, partsOf(req))),
    });
  });

  app.get('/api/files/:id', {
    // public at the door: avatars are public; other files need the owner's (or an admin's)
    // token or a signed temp url, which the handler checks (see service.ts)
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'the file (public for the avatar folder; else owner, admin or a signed temp url)',
      params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
      querystring: Type.Object({ expires: Type.Optional(Type.String({ maxLength: 16 })), sign: Type.Optional(Type.String({ maxLength: 128 })) }),
    },
    handler: async (req, reply) => {
      const row = await files.find(req.params.id);
      const { expires, sign } = req.query;
      let cache = `public, max-age=${SPEC.FILE_CACHE_MAX_AGE_S}, immutable`;
      if (expires !== undefined || sign !== undefined) {
        const exp = files.checkSignature(req.params.id, expires ?? '', sign ?? '');
        cache = `private, max-age=${Math.max(0, exp - Math.floor(Date.now() / 1000))}`;
      } else if (row && !files.canRead(row, req.auth)) {
        throw new AppError(req.auth ? 'PERMISSION_ERROR' : 'uni-id-token-not-exist');
      } else if (row && !files.canRead(row, undefined)) {
        cache = `private, max-age=${SPEC.FILE_CACHE_MAX_AGE_S}`;
      }
      const opened = row ? await files.storage.open(row.id) : null;
      if (!row || !opened) throw new AppError('NOT_FOUND');
      const inline = INLINE_TYPES.has(row.mime ?? '');
      const name = encodeURIComponent(row.name ?? row.id);
      return reply
        .header('content-type', inline ? row.mime! : 'application/octet-stream')
        .header('content-length', String(opened.size))
        .header('cache-control', cache)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${name}`)
        .send(opened.stream);
    },
  });

  app.post('/api/files/delete', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: "delete files: the caller's own (an admin: any); all or nothing",
      body: Type.Object({ fileList: IdList }),
      response: { 200: Ok(Type.Object({ deleted: Type.Array(Type.String()) })) },
    },
    handler: async (req) => ok({ deleted: await files.deleteFiles(req.auth!, req.body.fileList) }),
  });

  app.post('/api/files/temp-url', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'signed download links that expire (at most SPEC.TEMP_DOWNLOAD_URL_MAX_AGE_S)',
      body: Type.Object({ fileList: FileList }),
      response: {
        200: Ok(Type.Array(Type.Object({ fileID: Type.String(), tempFileURL: Type.String(), maxAge: Type.Integer(), code: Type.Optional(Type.String()) }))),
      },
    },
    handler: async (req) => ({
      success: true as const,
      data: await files.tempUrls(req.auth!, req.body.fileList, publicOrigin(req, config)),
    }),
  });
}
