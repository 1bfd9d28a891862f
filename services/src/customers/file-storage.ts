/**
 * Where attached files' bytes live (docs/CRM.md "File storage"): a small port, so a disk today and an
 * object store later are the same to the customers service. Content is addressed by the file id (a fresh
 * UUID per upload); the name, type, size and SHA-256 are in the `CustomerFileAttached` event.
 */
import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredFile {
  size: number;
  /** Lower-case hex SHA-256 of the content. */
  sha256: string;
}

export interface FileStorage {
  /**
   * Stores the stream's bytes under `id`. Either everything is stored or nothing (a failing stream, e.g. one
   * refused for its size or type, leaves no file behind).
   */
  put(id: string, content: Readable): Promise<StoredFile>;
  /** The stored bytes, or null when there is no file with this id. */
  get(id: string): Promise<Readable | null>;
  delete(id: string): Promise<void>;
}

const ID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Files on disk under `dir` (`<DATA_DIR>/files` in the app): `<dir>/<first two characters of the id>/<id>`.
 * A file is written to a temporary name and renamed when complete, so a reader never sees half a file.
 */
export function createDiskFileStorage(dir: string): FileStorage {
  const pathOf = (id: string) => {
    if (!ID_RE.test(id)) throw new Error(`Invalid file id: ${id}`);
    return path.join(dir, id.slice(0, 2).toLowerCase(), id.toLowerCase());
  };
  return {
    async put(id, content) {
      const target = pathOf(id);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.part`;
      const hash = createHash('sha256');
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      const out = createWriteStream(temporary, { flags: 'wx' });
      try {
        await pipeline(content, measure, out);
        await rename(temporary, target);
      } catch (err) {
        // The file is opened asynchronously: a stream refused in its first chunk fails the pipeline before the open
        // has made the file, and removing it then would leave it behind. Once the stream has closed, it exists.
        if (!out.closed) await once(out, 'close').catch(() => undefined);
        await rm(temporary, { force: true });
        throw err;
      }
      return { size, sha256: hash.digest('hex') };
    },
    async get(id) {
      const file = pathOf(id);
      try {
        await stat(file);
      } catch {
        return null;
      }
      return createReadStream(file);
    },
    async delete(id) {
      await rm(pathOf(id), { force: true });
    },
  };
}
