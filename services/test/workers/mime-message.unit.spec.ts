/**
 * The mail worker's MIME builder (workers/src/mail/mime-message.ts): nodemailer's headers, our bodies. Read back
 * with the tests' own MIME reader: every part decodes to what was given, in the structure nodemailer uses.
 */
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
});
