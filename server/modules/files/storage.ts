/**
 * The bytes of uploaded files, on disk under <DATA_DIR>/files. A file's path comes from its id
 * (a UUID the server made), never from anything the client sent: <root>/<id[0..2]>/<id>.
 * Writes go to a temp file in <root>/.tmp first and are renamed into place, so a reader never
 * sees half a file and a failed upload leaves nothing behind.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const ID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isFileId = (id: string) => ID_RE.test(id);

/** the first bytes kept of an upload, to tell its real type */
const HEAD_BYTES = 16;

export interface Staged {
  /** the temp file; commit() moves it into place */
  tmp: string;
  size: number;
  /** the first bytes, for sniffing the type */
  head: Buffer;
}

export class FileStorage {
  constructor(readonly root: string) {}

  private get tmpDir() {
    return path.join(this.root, '.tmp');
  }

  pathOf(id: string): string {
    if (!isFileId(id)) throw new Error(`not a file id: ${id}`);
    return path.join(this.root, id.slice(0, 2), id);
  }

  /** streams `source` into a temp file; the caller commits or discards it */
  async stage(source: Readable): Promise<Staged> {
    await fs.promises.mkdir(this.tmpDir, { recursive: true });
    const tmp = path.join(this.tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
    let size = 0;
    let head = Buffer.alloc(0);
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, count, fs.createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
    } catch (e) {
      await this.discard(tmp);
      throw e;
    }
    return { tmp, size, head };
  }

  /** moves a staged file to the place of `id` (atomic on one file system) */
  async commit(staged: Staged, id: string): Promise<void> {
    const dest = this.pathOf(id);
    await fs.promises.mkdir(path.dirname(dest), { recursive: true });
    await fs.promises.rename(staged.tmp, dest);
  }

  async discard(tmp: string): Promise<void> {
    await fs.promises.rm(tmp, { force: true });
  }

  /** the file of `id` for reading, or null when it is not there */
  async open(id: string): Promise<{ stream: fs.ReadStream; size: number } | null> {
    const p = this.pathOf(id);
    try {
      const stat = await fs.promises.stat(p);
      return { stream: fs.createReadStream(p), size: stat.size };
    } catch {
      return null;
    }
  }

  async remove(id: string): Promise<void> {
    await fs.promises.rm(this.pathOf(id), { force: true });
  }
}
