/**
 * The mail worker's MIME builder (workers/src/mail/mime-message.ts): nodemailer's headers, our bodies. Read back
 * with the tests' own MIME reader: every part decodes to what was given, in the structure nodemailer uses.
 */
import MimeNode from 'nodemailer/lib/mime-node';
import { describe, expect, it } from 'vitest';
import { buildMimeMessage } from '../../../workers/src/mail/mime-message.ts';
import { leafParts, parseMime, partFilename } from './support/mime.ts';

const FROM = 'CRM Platform <no-reply@crm.test>';
const ICS = 'BEGIN:VCALENDAR\r\nSUMMARY:Zoë\r\nEND:VCALENDAR';
const mail = {
  to: 'ada@example.org',
  subject: 'Votre demande : Démonstration (réservation 42)',
  text: `Bonjour Zoë,\n\n${'une ligne plus longue que soixante-seize caractères, pour le pliage. '.repeat(3)}\nFin\n`,
  html: '<p>Bonjour Zo&euml;</p>\n<p>Fin</p>',
  attachments: [{ filename: 'booking-42.ics', contentType: 'text/calendar; method=REQUEST', content: ICS }],
  messageId: '<evt-1@crm.test>',
};

describe('buildMimeMessage', () => {
  it('builds multipart/mixed (alternative text + html, then the attachment) whose parts decode to the input', () => {
    const built = buildMimeMessage(FROM, mail, '\r\n');
    const raw = built.message.toString('utf8');
    expect(raw.replace(/\r\n/g, '')).not.toContain('\n'); // one line ending throughout
    expect(built.envelope).toEqual({ from: 'no-reply@crm.test', to: ['ada@example.org'] });
    expect(built.messageId).toBe('<evt-1@crm.test>');
    const root = parseMime(raw);
    expect(root.contentType).toBe('multipart/mixed');
    expect(root.headers.get('from')).toBe(FROM);
    expect(root.headers.get('to')).toBe('ada@example.org');
    expect(root.headers.get('message-id')).toBe('<evt-1@crm.test>');
    expect(root.headers.get('mime-version')).toBe('1.0');
    expect(root.headers.get('date')).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
    expect(root.headers.get('subject')).toMatch(/^=\?UTF-8\?[QB]\?/);
    expect(root.parts.map((p) => p.contentType)).toEqual(['multipart/alternative', 'text/calendar']);
    const [text, html, ics] = leafParts(root);
    // Line endings of the texts become the message's (CRLF here).
    expect(text!.contentType).toBe('text/plain');
    expect(text!.body.toString('utf8')).toBe(mail.text.replace(/\n/g, '\r\n'));
    expect(html!.contentType).toBe('text/html');
    expect(html!.body.toString('utf8')).toBe(mail.html.replace(/\n/g, '\r\n'));
    expect(partFilename(ics!)).toBe('booking-42.ics');
    expect(ics!.headers.get('content-transfer-encoding')).toBe('base64');
    expect(ics!.params.method).toBe('REQUEST');
    expect(ics!.body.toString('utf8')).toBe(ICS);
  });

  it('writes Unix line endings when asked (the .eml files), and a lone text as a single part', () => {
    const built = buildMimeMessage(FROM, { to: 'bob@example.org', subject: 'Hello', text: 'one\ntwo\n' }, '\n');
    const raw = built.message.toString('utf8');
    expect(raw).not.toContain('\r');
    const root = parseMime(raw);
    expect(root.contentType).toBe('text/plain');
    expect(root.headers.get('subject')).toBe('Hello');
    expect(root.body.toString('utf8')).toBe('one\ntwo\n');
    expect(root.headers.get('message-id')).toMatch(/^<.+@.+>$/); // nodemailer's own when none is given
  });

  it('cannot be made to add headers or recipients through the subject or the address', () => {
    const built = buildMimeMessage(FROM, { to: 'ada@example.org', subject: 'Hi\r\nBcc: eve@evil.test', text: 'x', html: '<p>x</p>' }, '\r\n');
    const root = parseMime(built.message.toString('utf8'));
    expect(root.headers.has('bcc')).toBe(false);
    expect(built.envelope.to).toEqual(['ada@example.org']);
    expect(() => buildMimeMessage(FROM, { to: 'not an address', subject: 's', text: 'x' }, '\n')).toThrow(/recipient/);
  });

  it('leaves an attachment whose name needs encoding to MimeNode', () => {
    const built = buildMimeMessage(FROM, { ...mail, attachments: [{ filename: 'réservation "1".ics', contentType: 'text/calendar', content: ICS }] }, '\n');
    const [, , ics] = leafParts(parseMime(built.message.toString('utf8')));
    expect(partFilename(ics!)).toBe('réservation "1".ics');
    expect(ics!.body.toString('utf8')).toBe(ICS);
  });

  /** The root's headers as MimeNode writes them, Date and boundary made comparable. */
  const mimeNodeHeaders = (from: string, m: { to: string; subject: string; messageId: string }, type: string) => {
    const node = new MimeNode(type);
    node.setHeader('From', from);
    node.setHeader('To', m.to);
    node.setHeader('Subject', m.subject);
    node.setHeader('Message-ID', m.messageId);
    return { headers: node.buildHeaders(), envelope: node.getEnvelope() };
  };
  const comparable = (headers: string) =>
    headers.replace(/^Date: .*$/m, 'Date: D').replace(/boundary="--_NmP-[0-9a-f]{16}-Part_1"/, 'boundary="B"');
  const headerBlock = (raw: string) => raw.slice(0, raw.indexOf('\r\n\r\n'));

  it('writes plain root headers itself exactly as MimeNode does, and leaves the rest to MimeNode', () => {
    const subjects = [
      'Your Partnership Opportunities request (booking d38b7adf-1a57-47a6-900f-9837fe10ba0a)',
      'Hello',
      `A long subject ${'with many words '.repeat(12)}end`,
      `Averyveryverylongsubjectwithoutanyspaceatallthatcannotbefoldedanywhereatall${'x'.repeat(40)}`,
      'Votre demande : Démonstration (réservation 42)', // non-ASCII: MimeNode
      'طلبك (الحجز 42)', // non-ASCII: MimeNode
      'Looks =?UTF-8?Q?encoded?= but is not', // encoded-word look-alike: MimeNode
      ' leading and  double spaces ', // MimeNode
      'Tab\there', // control character: MimeNode
    ];
    const recipients = ['ada@example.org', 'Bench-User.1+tag@mail.example.co.uk', 'Ada <ada@example.org>', 'ADA@EXAMPLE.ORG', 'ada@exämple.org', 'a@b'];
    const senders = [FROM, 'no-reply@crm.test', '"CRM, Inc." <no-reply@crm.test>', 'Équipe CRM <no-reply@crm.test>'];
    for (const from of senders)
      for (const to of recipients)
        for (const subject of subjects)
          for (const withAttachment of [true, false]) {
            const m = { ...mail, to, subject, messageId: '<0b0f5a3e-8a41-4a4c-9d55-7f0a3c2b1e01@crm.test>', attachments: withAttachment ? mail.attachments : [] };
            const type = withAttachment ? 'multipart/mixed' : 'multipart/alternative';
            const expected = mimeNodeHeaders(from, m, type);
            const built = buildMimeMessage(from, m, '\r\n');
            const label = `${from} | ${to} | ${subject} | ${type}`;
            expect(comparable(headerBlock(built.message.toString('utf8'))), label).toBe(comparable(expected.headers));
            expect(built.envelope, label).toEqual({ from: expected.envelope.from, to: expected.envelope.to });
            expect(built.messageId, label).toBe('<0b0f5a3e-8a41-4a4c-9d55-7f0a3c2b1e01@crm.test>');
          }
  });

  it('gives every message its own root boundary, not found in its parts', () => {
    const a = buildMimeMessage(FROM, { ...mail, subject: 'Hello' }, '\r\n').message.toString('utf8');
    const b = buildMimeMessage(FROM, { ...mail, subject: 'Hello' }, '\r\n').message.toString('utf8');
    const boundary = (raw: string) => /boundary="([^"]+)"/.exec(raw)![1]!;
    expect(boundary(a)).not.toBe(boundary(b));
    const root = parseMime(a);
    expect(root.contentType).toBe('multipart/mixed');
    expect(leafParts(root).map((p) => p.contentType)).toEqual(['text/plain', 'text/html', 'text/calendar']);
    expect(leafParts(root)[0]!.body.toString('utf8')).toBe(mail.text.replace(/\n/g, '\r\n'));
  });
});
