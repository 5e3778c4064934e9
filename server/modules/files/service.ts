/**
 * File service (spec sections 5 and 7: upload, delete, temp file urls). Owns the files table
 * and the bytes under <DATA_DIR>/files (storage.ts). Each account may keep at most
 * UPLOAD_MAX_FILES_PER_USER files of UPLOAD_MAX_BYTES_PER_USER bytes in all.
 *
 * Who may read a file (GET /api/files/:id):
 *  - files under the avatar folder (cloudPath 'avatar/...') are public: avatars are shown to
 *    everyone who sees the user, in <img> tags that carry no token; their ids are random UUIDs;
 *    so are the article images under the cms folder (cloudPath 'cms/...'), which readers see;
 *  - any other file: its owner or an admin (with the token), or anyone holding a signed temp
 *    url (POST /api/files/temp-url; HMAC of id and expiry, at most SPEC.TEMP_DOWNLOAD_URL_MAX_AGE_S).
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AVATAR_FOLDER, checkCloudPath, CMS_FOLDER, checkFileIdList, checkTempUrlList, type ParamFailure, UPLOAD_MAX_BYTES } from '../../../shared/validation';
import { cutText } from '../../../shared/text';
import { type Config, SPEC } from '../../config';
import type { AuthUser } from '../../core/auth';
import { AppError } from '../../core/errors';
import { assertNoNul } from '../../core/input-guard';
import type { Tx } from '../../core/sql';
import type { Db } from '../../db';
import { files } from '../../db/schema';
import { FileStorage, isFileId, type Staged } from './storage';
import { LOCKS, xactLock } from '../../core/locks';
import { isUniqueViolation } from '../../core/sql';

export type FileRow = typeof files.$inferSelect;

/** the url a file is served at (stored as avatar urls: same-origin, so it survives a host change) */
export const FILE_URL_PREFIX = '/api/files/';
export const fileUrl = (id: string) => `${FILE_URL_PREFIX}${id}`;
/** at most this many ids in one delete request */
export const MAX_FILES_PER_DELETE = 500;

/** types served inline; anything else is served as an attachment of type application/octet-stream */
export const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** the real type of an image from its first bytes */
export function sniffImage(head: Buffer): string | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 6 && /^GIF8[79]a$/.test(head.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (head.length >= 12 && head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

/** the type kept for a file: the sniffed image type, else what the client said unless it claims an image it is not */
function typeOf(head: Buffer, claimed: string | undefined): string {
  const sniffed = sniffImage(head);
  if (sniffed) return sniffed;
  const c = (claimed ?? '').toLowerCase().trim();
  if (!/^[a-z0-9.+-]+\/[a-z0-9.+-]+$/.test(c) || c.startsWith('image/')) return 'application/octet-stream';
  return c;
}

const fail = (f: ParamFailure, field: string) => new AppError(f.code, { field, params: f.reason ? { reason: f.reason } : undefined });

/** a byte count for messages, in the largest unit it reaches (1.5 GB, 4 KB) */
export function formatBytes(n: number): string {
  for (const [unit, size] of [
    ['GB', 1024 ** 3],
    ['MB', 1024 ** 2],
    ['KB', 1024],
  ] as const) {
    if (n >= size) return `${Math.round((n / size) * 10) / 10} ${unit}`;
  }
  return `${n} B`;
}

export const isPublicPath = (cloudPath: string) => {
  const p = cloudPath.replace(/^\/+/, '');
  return p.startsWith(`${AVATAR_FOLDER}/`) || p.startsWith(`${CMS_FOLDER}/`);
};

/** an upload read from a multipart body, staged on disk until kept (FileService.receive) */
export interface Received {
  /** the text fields asked for */
  fields: Record<string, string>;
  /** the staged bytes; undefined once kept or discarded */
  file: Staged | undefined;
  /** the file name the client gave (at most 255 characters) */
  name: string | undefined;
  /** the type the client said */
  claimed: string | undefined;
  discard(): Promise<void>;
}

export interface TempUrl {
  fileID: string;
  tempFileURL: string;
  maxAge: number;
  /** set when no url could be made for this entry (no such file, or not the caller's) */
  code?: string;
}

export class FileService {
  readonly storage: FileStorage;
  private key: Buffer;

  constructor(
    private db: Db,
    dataDir: string,
    secret: string,
    private quota: Config['uploadQuota'],
  ) {
    this.storage = new FileStorage(path.join(dataDir, 'files'));
    this.key = createHash('sha256').update(`file-urls:${secret}`).digest();
  }

  /**
   * Reads a multipart upload: the field cloudPath and the file part `file` (in either order).
   * The file is staged to disk while it arrives (at most UPLOAD_MAX_BYTES), then the cloudPath
   * rules are checked, then the row is written and the file moved into place in one transaction,
   * which holds the owner's quota lock, so two uploads cannot both take the last slot.
   */
  async upload(ownerId: string, parts: AsyncIterableIterator<Multipart>): Promise<{ fileID: string; url: string }> {
    const received = await this.receive(parts, ['cloudPath']);
    try {
      const cloudPath = received.fields.cloudPath;
      const bad = checkCloudPath(cloudPath);
      if (bad) throw fail(bad, 'cloudPath');
      const fileID = await this.db.transaction((tx) => this.keep(tx, ownerId, cloudPath!.trim(), received));
      return { fileID, url: fileUrl(fileID) };
    } finally {
      await received.discard();
    }
  }

  /**
   * Reads a multipart body of one file part `file` and the text fields named in `fields`: the file
   * is staged to disk while it arrives (at most UPLOAD_MAX_BYTES). The caller keeps it (keep) or
   * not, and calls discard() in any case (after keep it does nothing).
   */
  async receive(parts: AsyncIterableIterator<Multipart>, fields: string[] = []): Promise<Received> {
    const out: Received = {
      fields: {},
      file: undefined,
      name: undefined,
      claimed: undefined,
      discard: async () => {
        if (out.file) await this.storage.discard(out.file.tmp);
        out.file = undefined;
      },
    };
    try {
      for await (const part of parts) {
        if (part.type === 'field') {
          if (fields.includes(part.fieldname) && typeof part.value === 'string') {
            assertNoNul(part.value, part.fieldname);
            out.fields[part.fieldname] = part.value;
          }
          continue;
        }
        if (part.fieldname !== 'file' || out.file) {
          part.file.resume();
          throw new AppError('INVALID_PARAM', { field: 'file', params: { reason: 'one file, in the field "file"' } });
        }
        if (part.filename) {
          try {
            assertNoNul(part.filename, 'file');
          } catch (e) {
            part.file.resume();
            throw e;
          }
        }
        out.file = await this.storage.stage(part.file);
        if (part.file.truncated) throw new AppError('FILE_TOO_LARGE', { field: 'file', params: { max: formatBytes(UPLOAD_MAX_BYTES) } });
        out.name = cutText(part.filename ?? '', 255) || undefined;
        out.claimed = part.mimetype;
      }
      if (!out.file) throw new AppError('INVALID_PARAM', { field: 'file', params: { reason: 'required' } });
      return out;
    } catch (e) {
      await out.discard();
      const code = (e as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE', { field: 'file', params: { max: formatBytes(UPLOAD_MAX_BYTES) } });
      // a body busboy cannot read (truncated, malformed part headers): the client's doing
      const malformed = !(e instanceof AppError) && /^(Malformed|Unexpected end of form|Multipart)/.test((e as Error).message ?? '');
      if (malformed || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
        throw new AppError('INVALID_PARAM', { field: 'file', params: { reason: 'one file, in the field "file"' } });
      }
      throw e;
    }
  }

  /**
   * Keeps a received file for `ownerId` under `cloudPath` inside the caller's transaction: the
   * owner's quota (count and bytes) under its lock, the row, then the bytes moved into place.
   * `mime`: the type to keep (default: the sniffed image type, else what the client said).
   */
  async keep(tx: Tx, ownerId: string, cloudPath: string, received: Received, mime?: string): Promise<string> {
    const file = received.file;
    if (!file) throw new AppError('INVALID_PARAM', { field: 'file', params: { reason: 'required' } });
    const id = randomUUID();
    try {
      await tx.execute(xactLock(LOCKS.UPLOAD_QUOTA, ownerId));
      const { rows } = await tx.execute<{ n: string; bytes: string }>(
        sql`SELECT count(*) AS n, coalesce(sum(size), 0) AS bytes FROM files WHERE owner_id = ${ownerId}`,
      );
      if (Number(rows[0].n) >= this.quota.maxFiles) {
        throw new AppError('FILE_COUNT_QUOTA_EXCEEDED', { field: 'file', params: { max: this.quota.maxFiles } });
      }
      if (Number(rows[0].bytes) + file.size > this.quota.maxBytes) {
        throw new AppError('FILE_BYTES_QUOTA_EXCEEDED', { field: 'file', params: { max: formatBytes(this.quota.maxBytes) } });
      }
      await tx.insert(files).values({ id, cloudPath, ownerId, name: received.name, size: file.size, mime: mime ?? typeOf(file.head, received.claimed) });
      await this.storage.commit(file, id);
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError('CLOUDPATH_EXISTS', { field: 'cloudPath' });
      if (e instanceof AppError) throw e;
      throw new AppError('UPLOAD_FAILED', { cause: e });
    }
    received.file = undefined;
    return id;
  }

  /** a stored file's bytes (null when it is gone) */
  async read(id: string): Promise<Buffer | null> {
    if (!isFileId(id)) return null;
    return fs.promises.readFile(this.storage.pathOf(id)).catch(() => null);
  }

  /** a same-origin link to a file that works without a token until `maxAgeS` from now */
  signedPath(id: string, maxAgeS: number = SPEC.TEMP_DOWNLOAD_URL_MAX_AGE_S, nowS = Math.floor(Date.now() / 1000)): string {
    const expires = nowS + Math.max(1, Math.min(maxAgeS, SPEC.TEMP_DOWNLOAD_URL_MAX_AGE_S));
    return `${fileUrl(id)}?expires=${expires}&sign=${this.sign(id, expires)}`;
  }

  /**
   * Stores a file the server made (an issued invoice's PDF) for `ownerId`. Not counted against
   * the upload quota: the owner did not choose to keep it. Runs inside the caller's transaction
   * when given one, so the row goes with the caller's other writes; the bytes are written first
   * and removed again if the row cannot be.
   */
  async storeBuffer(ownerId: string | null, cloudPath: string, buffer: Buffer, mime: string, tx: Db | Tx = this.db): Promise<{ fileID: string; url: string }> {
    const bad = checkCloudPath(cloudPath);
    if (bad) throw fail(bad, 'cloudPath');
    const id = randomUUID();
    const staged = await this.storage.stage(Readable.from([buffer]));
    await this.storage.commit(staged, id);
    try {
      await tx.insert(files).values({ id, cloudPath: cloudPath.trim(), ownerId, name: path.basename(cloudPath), size: buffer.length, mime });
    } catch (e) {
      await this.storage.remove(id).catch(() => undefined);
      if (isUniqueViolation(e)) throw new AppError('CLOUDPATH_EXISTS', { field: 'cloudPath' });
      throw e;
    }
    return { fileID: id, url: fileUrl(id) };
  }

  /** removes a server-made file again (the write that needed it failed) */
  async discardStored(id: string): Promise<void> {
    await this.storage.remove(id).catch(() => undefined);
  }

  /**
   * Deletes files that belong to a module's records (an upgrade package with its version record)
   * inside the caller's transaction, whoever uploaded them. Answers the ids deleted: the caller
   * removes their bytes with discardStored once its transaction has committed.
   */
  async deleteStored(tx: Tx, ids: string[]): Promise<string[]> {
    const valid = [...new Set(ids)].filter(isFileId);
    if (!valid.length) return [];
    const gone = await tx.delete(files).where(inArray(files.id, valid)).returning({ id: files.id });
    return gone.map((r) => r.id);
  }

  async find(id: string): Promise<FileRow | null> {
    if (!isFileId(id)) return null;
    const [row] = await this.db.select().from(files).where(eq(files.id, id));
    return row ?? null;
  }

  canRead(row: FileRow, auth: AuthUser | undefined): boolean {
    return isPublicPath(row.cloudPath) || this.canWrite(row, auth);
  }

  canWrite(row: FileRow, auth: AuthUser | undefined): boolean {
    return !!auth && (auth.isAdmin || row.ownerId === auth.uid);
  }

  private sign(id: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${id}\n${expires}`).digest('hex');
  }

  /** a signed temp url's signature and time; throws TEMP_URL_INVALID */
  checkSignature(id: string, expires: string, sign: string, nowS = Math.floor(Date.now() / 1000)) {
    const exp = /^\d{1,12}$/.test(expires) ? Number(expires) : NaN;
    const want = Buffer.from(this.sign(id, exp), 'hex');
    const given = /^[0-9a-f]{64}$/.test(sign) ? Buffer.from(sign, 'hex') : Buffer.alloc(0);
    if (!Number.isFinite(exp) || given.length !== want.length || !timingSafeEqual(given, want) || exp <= nowS) {
      throw new AppError('TEMP_URL_INVALID');
    }
    return exp;
  }

  /**
   * Spec: the temp-url list is a non-empty array of at most MAX_FILES_PER_TEMP_URL_REQUEST
   * entries, each a file id or { fileID, maxAge }; maxAge is capped at TEMP_DOWNLOAD_URL_MAX_AGE_S.
   * Entries the caller may not read (or that do not exist) come back with code NOT_FOUND.
   */
  async tempUrls(auth: AuthUser, list: unknown, base: string, nowS = Math.floor(Date.now() / 1000)): Promise<TempUrl[]> {
    const bad = checkTempUrlList(list, SPEC.MAX_FILES_PER_TEMP_URL_REQUEST);
    if (bad) throw fail(bad, 'fileList');
    const entries = (list as Array<string | { fileID: string; maxAge?: number }>).map((x) =>
      typeof x === 'string' ? { fileID: x.trim(), maxAge: SPEC.TEMP_DOWNLOAD_URL_MAX_AGE_S } : { fileID: x.fileID.trim(), maxAge: x.maxAge },
    );
    const ids = [...new Set(entries.map((e) => e.fileID).filter(isFileId))];
    const rows = ids.length ? await this.db.select().from(files).where(inArray(files.id, ids)) : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return entries.map(({ fileID, maxAge }) => {
      const age = Math.max(1, Math.min(Math.floor(maxAge ?? SPEC.TEMP_DOWNLOAD_URL_MAX_AGE_S), SPEC.TEMP_DOWNLOAD_URL_MAX_AGE_S));
      const row = byId.get(fileID);
      if (!row || !this.canRead(row, auth)) return { fileID, tempFileURL: '', maxAge: age, code: 'NOT_FOUND' };
      const expires = nowS + age;
      return { fileID, tempFileURL: `${base}${fileUrl(fileID)}?expires=${expires}&sign=${this.sign(fileID, expires)}`, maxAge: age };
    });
  }

  /**
   * Spec: the delete list is a non-empty array of non-empty strings. Own files only (an admin:
   * any); all or nothing: a missing file or someone else's refuses the whole request.
   */
  async deleteFiles(auth: AuthUser, list: unknown): Promise<string[]> {
    const bad = checkFileIdList(list, MAX_FILES_PER_DELETE);
    if (bad) throw fail(bad, 'fileList');
    const ids = [...new Set((list as string[]).map((s) => s.trim()))];
    const deleted = await this.db.transaction(async (tx) => {
      const valid = ids.filter(isFileId);
      const rows = valid.length ? await tx.select().from(files).where(inArray(files.id, valid)).for('update') : [];
      if (rows.length !== ids.length) throw new AppError('NOT_FOUND', { field: 'fileList' });
      if (!rows.every((r) => this.canWrite(r, auth))) throw new AppError('PERMISSION_ERROR', { field: 'fileList' });
      await tx.delete(files).where(inArray(files.id, ids));
      return ids;
    });
    // the rows are gone, so nothing serves these any more; a file left behind by a failure here is harmless
    await Promise.all(deleted.map((id) => this.storage.remove(id).catch(() => undefined)));
    return deleted;
  }

  /**
   * An avatar must be a file of this server (its url as upload answered it), an image, under
   * the avatar folder (so everyone may see it), and the caller's own. Throws AVATAR_FILE_INVALID.
   */
  async assertAvatar(uid: string, url: string): Promise<void> {
    const id = url.startsWith(FILE_URL_PREFIX) ? url.slice(FILE_URL_PREFIX.length) : '';
    const [row] = isFileId(id)
      ? await this.db
          .select()
          .from(files)
          .where(and(eq(files.id, id), eq(files.ownerId, uid)))
      : [];
    if (!row || !isPublicPath(row.cloudPath) || !INLINE_TYPES.has(row.mime ?? '')) throw new AppError('AVATAR_FILE_INVALID', { field: 'avatar_file' });
  }
}
