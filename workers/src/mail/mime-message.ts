/**
 * One outgoing mail as a MIME message, built in memory in one pass.
 *
 * nodemailer's own composer streams every part through a pipeline of transforms (line endings, quoted-printable,
 * base64) and re-parses every header: ~0.5–0.7 ms of CPU per booking mail, half of what sending one cost. Here the
 * message's own headers (From, To, Subject, Message-ID, Date: address parsing, encoded words, folding, the
 * header-injection guards) are still nodemailer's MimeNode; the parts are written directly: texts
 * quoted-printable, attachments base64 (their headers by MimeNode too unless name and type are plain tokens). The
 * structure is nodemailer's: multipart/mixed (when there are attachments) of a multipart/alternative (text, html)
 * and the attachments.
 */
import { randomBytes } from 'node:crypto';
import { foldLines } from 'nodemailer/lib/mime-funcs';
import MimeNode from 'nodemailer/lib/mime-node';
import * as qp from 'nodemailer/lib/qp';
import type { OutgoingMail } from './mail-transport.ts';

export interface BuiltMessage {
  /** The whole message, lines ending in `newline`. */
  message: Buffer;
  /** SMTP envelope (MAIL FROM / RCPT TO) from the From and To headers, as nodemailer derives it. */
  envelope: { from: string; to: string[] };
  messageId: string;
}

/** Base64 of a UTF-8 string in lines of 76 characters. */
function base64Lines(content: string): string {
  const b64 = Buffer.from(content, 'utf8').toString('base64');
  if (b64.length <= 76) return b64;
  const lines: string[] = [];
  for (let i = 0; i < b64.length; i += 76) lines.push(b64.slice(i, i + 76));
  return lines.join('\r\n');
}

/** A text part: quoted-printable (valid for any text, and the .eml files stay readable), UTF-8. */
const textPart = (type: 'plain' | 'html', content: string) =>
  `Content-Type: text/${type}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${qp.wrap(qp.encode(Buffer.from(content, 'utf8')), 76)}`;

/** A file name and a content type that need no quoting nor encoding in a header: written as they are. */
const PLAIN_FILENAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/;
const PLAIN_CONTENT_TYPE = /^[a-z0-9-]+\/[a-z0-9.+-]+(?:; ?[a-z0-9-]+=[A-Za-z0-9._-]+)*$/i;

/** An attachment, base64; headers by MimeNode unless its name and type are plain (ours are). */
function attachmentPart(parent: MimeNode, a: { filename: string; contentType: string; content: string }): string {
  let headers: string;
  if (PLAIN_FILENAME.test(a.filename) && PLAIN_CONTENT_TYPE.test(a.contentType)) {
    headers = `Content-Type: ${a.contentType};\r\n name=${a.filename}\r\nContent-Transfer-Encoding: base64\r\nContent-Disposition: attachment;\r\n filename=${a.filename}`;
  } else {
    const node = parent.createChild(a.contentType, { filename: a.filename });
    node.setContent(a.content);
    node.setHeader('Content-Transfer-Encoding', 'base64');
    headers = node.buildHeaders();
  }
  return `${headers}\r\n\r\n${base64Lines(a.content)}`;
}

const parts = (boundary: string, list: string[]) => `${list.map((p) => `--${boundary}\r\n${p}\r\n`).join('')}--${boundary}--\r\n`;

/** The root's headers (From, To, Subject, Message-ID, Date, MIME-Version, Content-Type) and its boundary. */
function rootHeaders(root: MimeNode): { headers: string; boundary: string } {
  // buildHeaders() settles the boundary (MimeNode makes it while writing Content-Type).
  const headers = root.buildHeaders();
  const boundary = root.boundary;
  if (typeof boundary !== 'string' || !boundary) throw new Error('multipart node without a boundary');
  return { headers, boundary };
}

/**
 * Most mails' root headers need none of MimeNode's work: a bare ASCII recipient address, a printable ASCII
 * subject, a plain Message-ID. Those are written directly, as MimeNode writes them (the unit test compares the
 * two); the From header, the same for every mail, is MimeNode's, built once per sender. MimeNode's header pass
 * (address parsing with punycode, encoded words, the header-injection guards) was ~45 µs of the ~75–100 µs a
 * booking mail's MIME cost; anything else (a display name, non-ASCII, an encoded-word look-alike) still goes
 * through it.
 */
interface PlainRoot {
  from: { header: string; address: string };
  to: string;
  subject: string;
  messageId: string;
}

const PLAIN_ADDRESS = /^[A-Za-z0-9._+-]{1,64}@[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,8}$/;
/** Printable ASCII, no space at either end nor two in a row, no `=?` (MimeNode may encode those). */
const PLAIN_SUBJECT = /^(?!.*=\?)(?!.* {2})[\x21-\x7e](?:[\x20-\x7e]{0,996}[\x21-\x7e])?$/;
const PLAIN_MESSAGE_ID = /^<[A-Za-z0-9._-]{1,100}@[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){0,8}>$/;

const senders = new Map<string, { header: string; address: string } | null>();
/** The From header (folded as MimeNode folds it) and the envelope sender, once per sender; null when odd. */
function plainSender(from: string): { header: string; address: string } | null {
  let sender = senders.get(from);
  if (sender === undefined) {
    const node = new MimeNode('text/plain');
    node.setHeader('From', from);
    const header = /^From: .*(?:\r\n[ \t].*)*/m.exec(node.buildHeaders())?.[0];
    const address = node.getEnvelope().from;
    sender = header && address ? { header, address } : null;
    if (senders.size < 16) senders.set(from, sender);
  }
  return sender;
}

function plainRoot(from: string, mail: OutgoingMail): PlainRoot | null {
  if (!mail.messageId || !PLAIN_MESSAGE_ID.test(mail.messageId) || !PLAIN_ADDRESS.test(mail.to) || !PLAIN_SUBJECT.test(mail.subject)) return null;
  const sender = plainSender(from);
  return sender && { from: sender, to: mail.to, subject: mail.subject, messageId: mail.messageId };
}

function plainRootHeaders(plain: PlainRoot, rootType: string): { headers: string; boundary: string } {
  // MimeNode's boundary shape (prefix, 8 random bytes, the root's part number).
  const boundary = `--_NmP-${randomBytes(8).toString('hex')}-Part_1`;
  const headers = [
    plain.from.header,
    `To: ${plain.to}`,
    foldLines(`Subject: ${plain.subject}`, 76),
    `Message-ID: ${plain.messageId}`,
    `Date: ${new Date().toUTCString().replace(/GMT/, '+0000')}`,
    'MIME-Version: 1.0',
    foldLines(`Content-Type: ${rootType}; boundary="${boundary}"`, 76),
  ].join('\r\n');
  return { headers, boundary };
}

export function buildMimeMessage(from: string, mail: OutgoingMail, newline: '\n' | '\r\n'): BuiltMessage {
  const attachments = mail.attachments ?? [];
  const html = mail.html;
  const rootType = attachments.length ? 'multipart/mixed' : html !== undefined ? 'multipart/alternative' : 'text/plain; charset=utf-8';
  const plain = rootType.startsWith('multipart/') ? plainRoot(from, mail) : null;
  let root: MimeNode | null = null;
  if (!plain) {
    root = new MimeNode(rootType);
    root.setHeader('From', from);
    root.setHeader('To', mail.to);
    root.setHeader('Subject', mail.subject);
    if (mail.messageId) root.setHeader('Message-ID', mail.messageId);
  }

  const texts = html === undefined ? [textPart('plain', mail.text)] : [textPart('plain', mail.text), textPart('html', html)];

  let message: string;
  if (!attachments.length && html === undefined) {
    // A lone text: the root is the text part (MimeNode picks its encoding; the text is short).
    const lone = root!;
    lone.setContent(mail.text);
    lone.setHeader('Content-Transfer-Encoding', 'quoted-printable');
    message = `${lone.buildHeaders()}\r\n\r\n${qp.wrap(qp.encode(Buffer.from(mail.text, 'utf8')), 76)}`;
  } else {
    const { headers, boundary } = plain ? plainRootHeaders(plain, rootType) : rootHeaders(root!);
    if (!attachments.length) {
      message = `${headers}\r\n\r\n${parts(boundary, texts)}`;
    } else {
      const list = html === undefined ? texts : [];
      if (html !== undefined) {
        // Its own random boundary, no prefix of the root's or the other way round.
        const inner = `--_crm-${randomBytes(8).toString('hex')}-alt`;
        list.push(`Content-Type: multipart/alternative;\r\n boundary="${inner}"\r\n\r\n${parts(inner, texts)}`);
      }
      // Attachments whose headers need MimeNode get a child of a root made for it when the root's were plain.
      for (const a of attachments) list.push(attachmentPart(root ?? new MimeNode(rootType), a));
      message = `${headers}\r\n\r\n${parts(boundary, list)}`;
    }
  }
  const envelope = plain ? { from: plain.from.address, to: [plain.to] } : root!.getEnvelope();
  if (!envelope.from || !envelope.to.length) throw new Error('mail without a valid sender or recipient');
  return {
    // Headers and encoders write CRLF, the texts' own lines end in LF: one line ending throughout, like
    // nodemailer's newline transforms.
    message: Buffer.from(message.replace(/\r?\n/g, newline), 'utf8'),
    envelope: { from: envelope.from, to: envelope.to },
    messageId: plain ? plain.messageId : root!.messageId(),
  };
}
