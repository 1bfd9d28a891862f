/**
 * Where e-mails go: an SMTP server when SMTP_URL is set, otherwise `.eml` files under the mail directory
 * (development and single-server installs without a relay: open the file in any mail client).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { WorkerLogger } from '../logger.ts';

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

function toNodemailer(from: string, mail: OutgoingMail) {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html !== undefined ? { html: mail.html } : {}),
    ...(mail.messageId ? { messageId: mail.messageId } : {}),
    attachments: (mail.attachments ?? []).map((a) => ({
      filename: a.filename,
      content: a.content,
      contentType: a.contentType,
    })),
  };
}

/** A file name safe on every file system: UTC time (sortable) plus the job id. */
export function emlFileName(now: Date, jobId: string | undefined): string {
  const time = now.toISOString().replace(/[:.]/g, '-');
  const id = (jobId ?? Math.random().toString(36).slice(2)).replace(/[^A-Za-z0-9_-]/g, '_');
  return `${time}_${id}.eml`;
}

/**
 * SMTP connections are pooled unless SMTP_URL says otherwise (`?pool=false`; `maxConnections`, default 5, and
 * `maxMessages` per connection, default 100, may be set there too): a mail reuses an open connection instead of
 * paying a new TCP (and TLS) connection and greeting.
 */
export function pooledSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return url.toString();
}

export function createMailTransport(options: MailTransportOptions): MailTransport {
  const { from, log } = options;
  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport(pooledSmtpUrl(options.smtpUrl));
    return {
      kind: 'smtp',
      from,
      async send(mail) {
        const info = await smtp.sendMail(toNodemailer(from, mail));
        log.info({ to: mail.to, messageId: info.messageId, response: info.response }, 'mail sent over SMTP');
        return { messageId: info.messageId };
      },
      async close() {
        smtp.close();
      },
    };
  }

  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    from,
    async send(mail) {
      const info = await stream.sendMail(toNodemailer(from, mail));
      const message = info.message;
      if (!Buffer.isBuffer(message)) throw new Error('stream transport did not return a buffer');
      await mkdir(options.mailDir, { recursive: true });
      const file = path.join(options.mailDir, emlFileName(new Date(), mail.jobId));
      await writeFile(file, message, { flag: 'wx' });
      log.info({ to: mail.to, messageId: info.messageId, path: file }, 'mail written to file (no SMTP_URL)');
      return { messageId: info.messageId, path: file };
    },
    async close() {
      stream.close();
    },
  };
}
