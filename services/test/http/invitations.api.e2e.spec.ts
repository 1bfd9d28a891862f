/**
 * Invitations over HTTP: an admin invites by e-mail with a type, the invitee opens the link from the captured
 * mail, sets a name and password and can log in at once, approved with that type. The link works once, not
 * after 7 days, and a manager may invite only `user` accounts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStreamId } from '@crm/contracts';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { createAccount, loginToken, rest } from '../../../test-support/http.ts';
import { waitFor } from '../workers/support/helpers.ts';
import { leafParts, parseMime } from '../workers/support/mime.ts';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../workers/support/smtp.ts';

const INVITATIONS = '/api/admin/users/invitations';
const DAY = 24 * 3600 * 1000;

let smtp: TestSmtpServer;
let app: TestApp;
/** Shifts the services' clock (the expiry test moves it past the 7 days). */
let clockOffsetMs = 0;
let adminToken: string;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  app = await startTestApp({ smtpUrl: smtp.url, now: () => new Date(Date.now() + clockOffsetMs) });
  adminToken = await loginToken(app, app.admin);
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await smtp?.close();
}, 60_000);

const uniqueEmail = (tag: string) => `${tag}.${randomUUID().slice(0, 8)}@example.com`;

function readMail(mail: ReceivedMail) {
  const root = parseMime(mail.raw);
  const leaves = leafParts(root);
  return {
    subject: root.headers.get('subject') ?? '',
    text: leaves.find((p) => p.contentType === 'text/plain')?.body.toString('utf8') ?? '',
    html: leaves.find((p) => p.contentType === 'text/html')?.body.toString('utf8') ?? '',
  };
}
const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.some((t) => t.toLowerCase() === address.toLowerCase())).map(readMail);

const INVITE_LINK = /(http:\/\/[^\s"<>]+\/invite\?token=([A-Za-z0-9_-]+))/;
/** The link in the invitation mail to `email` (waits for it). */
async function invitationLink(email: string): Promise<{ link: string; token: string; subject: string; text: string }> {
  const [mail] = await waitFor(() => (mailsTo(email).length ? mailsTo(email) : null), { what: `an invitation mail to ${email}` });
  const m = INVITE_LINK.exec(mail!.text);
  if (!m) throw new Error(`no invitation link in: ${mail!.text}`);
  return { link: m[1]!, token: m[2]!, subject: mail!.subject, text: mail!.text };
}

const invite = (json: unknown, token = adminToken) => rest(app, INVITATIONS, { method: 'POST', json, token });
const accept = (json: unknown) => rest(app, '/api/auth/invitation/accept', { method: 'POST', json });
const login = (email: string, password: string) => rest(app, '/api/admin/login', { method: 'POST', json: { email, password } });

describe('invitations', () => {
  it('invite → mail → link → accept → login: the account is approved with the invited type', async () => {
    const email = uniqueEmail('invitee');
    const res = await invite({ email, role: 'manager' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, invitation: { id: expect.any(String), email, userType: 'manager', invitedByName: 'Admin User' } });
    const invitationId = res.body.invitation.id as string;

    const { link, token, subject, text } = await invitationLink(email);
    expect(subject).toBe('You are invited to the CRM Platform');
    expect(text).toContain('Admin User invited you to join the CRM Platform as a manager');
    expect(text).toContain('expires in 7 days');
    expect(link.startsWith(app.baseUrl)).toBe(true);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);

    // The raw token is nowhere in the store or the table: only its SHA-256.
    const events = await app.platform.pool.query<{ type: string; data: string }>('SELECT type, data::text AS data FROM es_events WHERE stream_id = $1 ORDER BY stream_version', [
      userStreamId(invitationId),
    ]);
    expect(events.rows.map((r) => r.type)).toEqual(['UserInvited']);
    const all = await app.platform.pool.query<{ data: string }>('SELECT data::text AS data FROM es_events');
    expect(all.rows.some((r) => r.data.includes(token))).toBe(false);
    const stored = await app.platform.pool.query('SELECT * FROM user_invitation WHERE user_id = $1', [invitationId]);
    expect(JSON.stringify(stored.rows)).not.toContain(token);

    // Listed as pending for admins and managers.
    const manager = await createAccount(app, { userType: 'manager' });
    const managerToken = await loginToken(app, manager);
    for (const t of [adminToken, managerToken]) {
      const listed = await rest(app, INVITATIONS, { token: t });
      expect(listed.status).toBe(200);
      expect(listed.body.invitations.map((i: { email: string }) => i.email)).toContain(email);
      expect(JSON.stringify(listed.body)).not.toMatch(/token|hash/i);
    }

    // The page shows whom the invitation is for.
    const validated = await rest(app, `/api/auth/invitation?token=${token}`);
    expect(validated).toMatchObject({ status: 200, body: { success: true, email, userType: 'manager' } });

    // Same strength rules as registration.
    const weak = await accept({ token, name: 'Ivy Invitee', password: 'short' });
    expect(weak.status).toBe(400);
    expect(Object.keys(weak.body.errors)).toEqual(['password']);

    const accepted = await accept({ token, name: 'Ivy Invitee', password: 'a-good-long-secret', locale: 'fr' });
    expect(accepted).toMatchObject({ status: 200, body: { success: true, email, userType: 'manager' } });

    const loggedIn = await login(email, 'a-good-long-secret');
    expect(loggedIn.status).toBe(200);
    const users = await waitFor(
      async () => {
        const r = await rest(app, `/api/admin/users?search=${encodeURIComponent(email)}`, { token: adminToken });
        return r.body.users?.length ? r.body.users : null;
      },
      { what: 'the invited account in the users list' },
    );
    expect(users[0]).toMatchObject({ id: invitationId, name: 'Ivy Invitee', email, userType: 'manager', isApproved: true, isActive: true });
    const types = await app.platform.pool.query<{ type: string }>('SELECT type FROM es_events WHERE stream_id = $1 ORDER BY stream_version', [userStreamId(invitationId)]);
    expect(types.rows.map((r) => r.type)).toEqual(['UserInvited', 'InvitationAccepted', 'UserCreated']);

    // Single use: the same link is refused afterwards, and no longer listed as pending.
    const again = await accept({ token, name: 'Mallory', password: 'another-long-secret' });
    expect(again).toMatchObject({ status: 400, body: { success: false, message: 'This invitation link is invalid, already used or expired' } });
    expect((await rest(app, `/api/auth/invitation?token=${token}`)).status).toBe(400);
    expect((await login(email, 'another-long-secret')).status).toBe(401);
    const listed = await rest(app, INVITATIONS, { token: adminToken });
    expect(listed.body.invitations.map((i: { email: string }) => i.email)).not.toContain(email);
  });

  it('refuses an expired link (after 7 days)', async () => {
    const email = uniqueEmail('late');
    expect((await invite({ email, role: 'user' })).status).toBe(201);
    const { token } = await invitationLink(email);
    clockOffsetMs = 7 * DAY + 60_000;
    try {
      expect((await rest(app, `/api/auth/invitation?token=${token}`)).status).toBe(400);
      const res = await accept({ token, name: 'Late Comer', password: 'a-good-long-secret' });
      expect(res).toMatchObject({ status: 400, body: { success: false, message: 'This invitation link is invalid, already used or expired' } });
    } finally {
      clockOffsetMs = 0;
    }
    expect((await login(email, 'a-good-long-secret')).status).toBe(401);
    const { rowCount } = await app.platform.pool.query('SELECT 1 FROM auth_user WHERE lower(email) = lower($1)', [email]);
    expect(rowCount).toBe(0);
  });

  it('lets a manager invite users only, and refuses a plain user', async () => {
    const manager = await createAccount(app, { userType: 'manager' });
    const managerToken = await loginToken(app, manager);
    const asAdmin = await invite({ email: uniqueEmail('boss'), role: 'admin' }, managerToken);
    expect(asAdmin).toMatchObject({ status: 403, body: { success: false, message: 'Managers can only invite people as users' } });
    expect((await invite({ email: uniqueEmail('mgr'), role: 'manager' }, managerToken)).status).toBe(403);
    const asUser = await invite({ email: uniqueEmail('member'), role: 'user' }, managerToken);
    expect(asUser.status).toBe(201);

    const plain = await createAccount(app, { userType: 'user' });
    expect((await invite({ email: uniqueEmail('x'), role: 'user' }, await loginToken(app, plain))).status).toBe(403);
    expect((await rest(app, INVITATIONS, { method: 'POST', json: { email: uniqueEmail('y'), role: 'user' } })).status).toBe(401);
  });

  it('refuses an address that has an account or an open invitation, and bad input, naming the field', async () => {
    const existing = await createAccount(app, { userType: 'user', approved: false });
    const taken = await invite({ email: existing.email.toUpperCase(), role: 'user' });
    expect(taken).toMatchObject({ status: 409, body: { success: false, code: 'email_taken', message: 'An account with this e-mail already exists' } });
    const email = uniqueEmail('twice');
    expect((await invite({ email, role: 'user' })).status).toBe(201);
    expect(await invite({ email, role: 'user' })).toMatchObject({ status: 409, body: { code: 'invitation_pending' } });
    const bad = await invite({ email: 'not-an-address', role: 'root' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['email', 'role']);
  });

  it('revokes a pending invitation: its link stops working (a manager cannot revoke an admin invitation)', async () => {
    const email = uniqueEmail('revoked');
    const res = await invite({ email, role: 'admin' });
    const { token } = await invitationLink(email);
    const manager = await createAccount(app, { userType: 'manager' });
    const managerToken = await loginToken(app, manager);
    expect((await rest(app, `${INVITATIONS}/${res.body.invitation.id}`, { method: 'DELETE', token: managerToken })).status).toBe(403);
    expect((await rest(app, `${INVITATIONS}/${res.body.invitation.id}`, { method: 'DELETE', token: adminToken })).status).toBe(200);
    expect((await rest(app, `${INVITATIONS}/${res.body.invitation.id}`, { method: 'DELETE', token: adminToken })).status).toBe(404);
    expect((await accept({ token, name: 'Too Late', password: 'a-good-long-secret' })).status).toBe(400);
    // A new invitation for the address can now be sent.
    expect((await invite({ email, role: 'user' })).status).toBe(201);
  });
});
