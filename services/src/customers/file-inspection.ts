/**
 * Checks an uploaded file while it streams (docs/CRM.md "File storage"): at most CRM_LIMITS.fileBytes
 * (413), a declared type from CUSTOMER_FILE_TYPES (415), the first bytes matching that type's magic number
 * (415), and text types valid UTF-8 (415). The stream fails as soon as a rule breaks; nothing is buffered
 * beyond the first few bytes.
 */
import { Transform } from 'node:stream';
import { CRM_LIMITS, CUSTOMER_FILE_TYPES, type CustomerFileType } from '@crm/contracts';

/** An upload refused for its size (413) or its type (415). */
export class FileRejectedError extends Error {
  override readonly name = 'FileRejectedError';
  constructor(
    readonly status: 413 | 415,
    readonly code: 'file_too_large' | 'file_type_not_allowed' | 'file_content_mismatch',
    message: string,
  ) {
    super(message);
  }
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const MAGIC: Record<CustomerFileType, ((head: Buffer) => boolean) | null> = {
  'application/pdf': (h) => h.subarray(0, 5).toString('latin1') === '%PDF-',
  'image/png': (h) => h.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff,
  'image/gif': (h) => ['GIF87a', 'GIF89a'].includes(h.subarray(0, 6).toString('latin1')),
  'image/webp': (h) => h.subarray(0, 4).toString('latin1') === 'RIFF' && h.subarray(8, 12).toString('latin1') === 'WEBP',
  'text/plain': null,
  'text/csv': null,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': (h) => h.subarray(0, 4).equals(Buffer.from(ZIP)),
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': (h) => h.subarray(0, 4).equals(Buffer.from(ZIP)),
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': (h) => h.subarray(0, 4).equals(Buffer.from(ZIP)),
};
const HEAD_BYTES = 12;

/** The declared content type without parameters (`text/plain; charset=utf-8` → `text/plain`), if allowed. */
export function allowedFileType(declared: string | undefined): CustomerFileType {
  const type = (declared ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (!(CUSTOMER_FILE_TYPES as readonly string[]).includes(type)) {
    throw new FileRejectedError(415, 'file_type_not_allowed', `Files of type ${type || '(none)'} cannot be attached; allowed: ${CUSTOMER_FILE_TYPES.join(', ')}`);
  }
  return type as CustomerFileType;
}

/** A pass-through stream that fails with FileRejectedError when the bytes break a rule for `type`. */
export function fileInspector(type: CustomerFileType, maxBytes: number = CRM_LIMITS.fileBytes): Transform {
  const magic = MAGIC[type];
  const utf8 = magic === null ? new TextDecoder('utf-8', { fatal: true }) : null;
  let head: Buffer = Buffer.alloc(0);
  let checked = false;
  let size = 0;
  const mismatch = () => new FileRejectedError(415, 'file_content_mismatch', `The file's content is not ${type}`);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new FileRejectedError(413, 'file_too_large', `Files may be at most ${maxBytes} bytes`));
      if (utf8) {
        try {
          utf8.decode(chunk, { stream: true });
        } catch {
          return done(mismatch());
        }
      } else if (!checked) {
        head = Buffer.concat([head, chunk]);
        if (head.length >= HEAD_BYTES) {
          checked = true;
          if (!magic!(head)) return done(mismatch());
        }
      }
      done(null, chunk);
    },
    flush(done) {
      if (utf8) {
        try {
          utf8.decode();
        } catch {
          return done(mismatch());
        }
      } else if (!checked && !magic!(head)) return done(mismatch());
      if (size === 0) return done(new FileRejectedError(415, 'file_content_mismatch', 'The file is empty'));
      done();
    },
  });
}
