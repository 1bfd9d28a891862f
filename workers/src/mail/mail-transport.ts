/**
 * Where e-mails go: an SMTP server when SMTP_URL is set, otherwise `.eml` files under the mail directory
 * (development and single-server installs without a relay: open the file in any mail client).
 */
import { writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { WorkerLogger } from '../logger.ts';
import { buildMimeMessage } from './mime-message.ts';

export interface OutgoingMailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  attachments?: OutgoingMailAttachment[];
  /** Message-ID header (with angle brackets); stable per causation event so receivers can dedupe. */
  messageId?: string;
  /** Used to name the `.eml` file (file transport only): the BullMQ job id. */
  jobId?: string;
}

export interface SentMail {
  messageId: string;
  /** The `.eml` file written (file transport only). */
  path?: string;
  /** The SMTP server's last reply (SMTP only). */
  response?: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'file';
  readonly from: string;
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): Promise<void>;
}

export interface MailTransportOptions {
  smtpUrl: string | null;
  mailDir: string;
  from: string;
  log: WorkerLogger;
}

/** A file name safe on every file system: UTC time (sortable) plus the job id. */
export function emlFileName(now: Date, jobId: string | undefined): string {
  const time = now.toISOString().replace(/[:.]/g, '-');
  const id = (jobId ?? Math.random().toString(36).slice(2)).replace(/[^A-Za-z0-9_-]/g, '_');
  return `${time}_${id}.eml`;
}

/**
 * SMTP connections are pooled unless SMTP_URL says otherwise (`?pool=false`; `maxConnections`, default 16 here,
 * and `maxMessages` per connection, default 100, may be set there too): a mail reuses an open connection instead
 * of paying a new TCP (and TLS) connection and greeting. nodemailer's default of 5 connections did not keep up
 * with 450 booking mails/s (a mail's round trips, not CPU, bound each connection): commit → sent p50 10.8 s with
 * 5, 1.4 s with 16 (pooled smtp-server in another process, same machine).
 */
export const SMTP_MAX_CONNECTIONS = 16;

export function pooledSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  if (url.searchParams.get('pool') !== 'false' && !url.searchParams.has('maxConnections')) url.searchParams.set('maxConnections', String(SMTP_MAX_CONNECTIONS));
  return url.toString();
}

export function createMailTransport(options: MailTransportOptions): MailTransport {
  const { from } = options;
  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport(pooledSmtpUrl(options.smtpUrl));
    return {
      kind: 'smtp',
      from,
      async send(mail) {
        // Built here in one pass (mime-message.ts), handed over as is: nodemailer only relays it.
        const built = buildMimeMessage(from, mail, '\r\n');
        const info = await smtp.sendMail({ envelope: built.envelope, raw: built.message });
        // Logged by the job: one line per job, not per mail (pino's serialisation and write for each mail), and no
        // recipient address in the logs.
        return { messageId: built.messageId, response: info.response };
      },
      async close() {
        smtp.close();
      },
    };
  }

  // The directory is made once, not before every mail (a mkdir per mail was a tenth of the send's CPU); if it
  // disappears later (cleaned up by hand), the write that finds it gone makes it again.
  let dirReady: Promise<unknown> | null = null;
  const ensureDir = (again = false) => {
    if (again || !dirReady) {
      const made = mkdir(options.mailDir, { recursive: true });
      dirReady = made;
      made.catch(() => {
        if (dirReady === made) dirReady = null; // the next mail tries again
      });
    }
    return dirReady;
  };
  // Written synchronously: a mail of a few kB goes to the page cache in about 30 µs (no fsync). The asynchronous
  // APIs hand the open, the write and the close each to a thread-pool thread, and waking one costs more than
  // the write on these machines: 65 µs of CPU per file against 32 (5,000 files, the process's CPU time with its
  // pool threads). The fs/promises API, which also opens a FileHandle and settles a promise for each step, cost
  // twice the callback one.
  const writeNew = (file: string, message: Buffer) => writeFileSync(file, message, { flag: 'wx' });
  const write = async (file: string, message: Buffer) => {
    await ensureDir();
    try {
      writeNew(file, message);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      await ensureDir(true);
      writeNew(file, message);
    }
  };
  return {
    kind: 'file',
    from,
    async send(mail) {
      // Unix line endings, as nodemailer's stream transport wrote them (`newline: 'unix'`).
      const built = buildMimeMessage(from, mail, '\n');
      const file = path.join(options.mailDir, emlFileName(new Date(), mail.jobId));
      await write(file, built.message);
      return { messageId: built.messageId, path: file };
    },
    async close() {},
  };
}
