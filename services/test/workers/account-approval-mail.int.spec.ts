/**
 * Approval mails end to end (running app, reactors, mail workers, a real SMTP server): every active admin is
 * told when someone registers and waits for approval; the person is told, in the language they registered in,
 * when an admin approves them.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { createAccount, loginToken, rest } from '../../../test-support/http.ts';
import { sleep, waitFor } from './support/helpers.ts';
import { leafParts, parseMime } from './support/mime.ts';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from './support/smtp.ts';

let smtp: TestSmtpServer;
let app: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  app = await startTestApp({ smtpUrl: smtp.url });
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await smtp?.close();
}, 60_000);

const uniqueEmail = (tag: string) => `${tag}.${randomUUID().slice(0, 8)}@example.com`;
/** RFC 2047 encoded words (`=?UTF-8?B?…?=` / `=?UTF-8?Q?…?=`) as text. */
const decodeWords = (header: string) =>
  header.replace(/\s*=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, body: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(body, 'base64').toString('utf8')
      : Buffer.from(body.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );
function readMail(mail: ReceivedMail) {
  const root = parseMime(mail.raw);
  const leaves = leafParts(root);
  return { subject: decodeWords(root.headers.get('subject') ?? '').trim(), text: leaves.find((p) => p.contentType === 'text/plain')?.body.toString('utf8') ?? '' };
}
const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.some((t) => t.toLowerCase() === address.toLowerCase())).map(readMail);
const waitForSubject = (address: string, subject: string) =>
  waitFor(() => mailsTo(address).find((m) => m.subject === subject) ?? null, { what: `"${subject}" to ${address}` });

describe('approval mails', () => {
  it('tells every active admin (once each) of a registration, and the person when approved, in their language', async () => {
    const otherAdmin = await createAccount(app, { userType: 'admin', name: 'Second Admin' });
    const inactiveAdmin = await createAccount(app, { userType: 'admin', name: 'Gone Admin' });
    const adminToken = await loginToken(app, app.admin);
    // Deactivated admins are not told.
    await waitFor(async () => ((await app.platform.pool.query('SELECT 1 FROM users WHERE id = $1', [inactiveAdmin.id])).rowCount ? true : null));
    expect((await rest(app, '/api/admin/users', { method: 'PUT', token: adminToken, json: { userId: inactiveAdmin.id, action: 'activate', value: false } })).status).toBe(200);

    const email = uniqueEmail('newbie');
    const reg = await rest(app, '/api/auth/register', { method: 'POST', json: { name: 'Nour Newbie', email, password: 'a-good-long-secret', locale: 'fr' } });
    expect(reg.status).toBe(201);

    const subject = 'New registration awaiting approval: Nour Newbie';
    for (const admin of [app.admin.email, otherAdmin.email]) {
      const mail = await waitForSubject(admin, subject);
      expect(mail.text).toContain(`Nour Newbie (${email}) registered and is waiting for approval`);
    }
    await sleep(500);
    expect(mailsTo(app.admin.email).filter((m) => m.subject === subject)).toHaveLength(1);
    expect(mailsTo(otherAdmin.email).filter((m) => m.subject === subject)).toHaveLength(1);
    expect(mailsTo(inactiveAdmin.email).filter((m) => m.subject === subject)).toHaveLength(0);
    // The registrant's own "registration received" mail says what happens next.
    await waitForSubject(email, 'Votre inscription a bien été reçue');

    const userId = (await app.platform.pool.query<{ id: string }>('SELECT id FROM auth_user WHERE email = $1', [email])).rows[0]!.id;
    await waitFor(async () => ((await app.platform.pool.query('SELECT 1 FROM users WHERE id = $1', [userId])).rowCount ? true : null));
    expect((await rest(app, '/api/admin/users', { method: 'PUT', token: adminToken, json: { userId, action: 'approve', value: true } })).status).toBe(200);
    const approved = await waitForSubject(email, 'Votre compte a été approuvé');
    expect(approved.text).toContain('Bonjour Nour Newbie,');
    expect(approved.text).toContain('Vous pouvez vous connecter');

    // The job ids derive from the event (and the admin): the mails were sent once each.
    await sleep(300);
    expect(mailsTo(email).filter((m) => m.subject === 'Votre compte a été approuvé')).toHaveLength(1);
    const sent = await app.platform.pool.query<{ id: string }>(`SELECT causation_event_id AS id FROM mail_sent WHERE causation_event_id LIKE '%-admin-%'`);
    expect(sent.rows.length).toBeGreaterThanOrEqual(2);
  });
});
