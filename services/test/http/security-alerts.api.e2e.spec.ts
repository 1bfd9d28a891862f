/**
 * Security alerts and access control over HTTP against a real platform: brute force through the login API raises
 * an alert (REST list) and mails the admins (a real SMTP server), REST resolve, and suspended or locked accounts
 * refused at login (their sessions ended).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { createAccount, loginSession, loginToken, rest } from '../../../test-support/http.ts';
import { waitFor } from '../workers/support/helpers.ts';
import { securityDetectorsReactor } from '../../../workers/src/security/security-detectors.reactor.ts';
import { leafParts, parseMime } from '../workers/support/mime.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../workers/support/smtp.ts';

let app: TestApp;
let smtp: TestSmtpServer;
let adminToken: string;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  app = await startTestApp({ smtpUrl: smtp.url });
  adminToken = await loginToken(app, app.admin);
});
afterAll(async () => {
  await app?.stop();
  await smtp?.close();
});

const login = (email: string, password: string) => rest(app, '/api/admin/login', { method: 'POST', json: { email, password } });
const alerts = async (query = '') => {
  const res = await rest(app, `/api/admin/security/alerts${query}`, { token: adminToken });
  expect(res.status).toBe(200);
  return res.body.data as { id: string; type: string; severity: string; status: string; title: string; ipAddress: string | null; userId: string | null; timestamp: string; relatedEvents: string[]; relatedEntities: string[] }[];
};

describe('brute force through the login API', () => {
  let alertId: string;

  it('raises a high alert after five wrong passwords on one account, listed by GET /api/admin/security/alerts', async () => {
    const victim = await createAccount(app, { name: 'Victim Account' });
    for (let i = 0; i < 5; i++) expect((await login(victim.email, `wrong-password-${i}`)).status).toBe(401);
    const alert = await waitFor(async () => (await alerts()).find((a) => a.type === 'brute_force' && a.userId === victim.id) ?? null, { what: 'a brute force alert', timeoutMs: 20_000 });
    expect(alert).toMatchObject({ severity: 'high', status: 'open', ipAddress: '127.0.0.1', userId: victim.id });
    expect(alert.title).toContain(victim.email);
    expect(typeof alert.timestamp).toBe('string');
    expect(alert.relatedEvents).toHaveLength(5);
    alertId = alert.id;
    // The related events are the five LoginFailed events of the attempts.
    const { rows } = await app.platform.pool.query<{ type: string; login_id: string }>(
      "SELECT type, data->>'loginId' AS login_id FROM es_events WHERE event_id::text = ANY($1::text[])",
      [alert.relatedEvents],
    );
    expect(rows.map((r) => r.type)).toEqual(Array(5).fill('LoginFailed'));
    // Their audit entries are found by the login ids (the audit log's search covers entity ids).
    expect([...alert.relatedEntities].sort()).toEqual(rows.map((r) => r.login_id).sort());
    const audit = await waitFor(
      async () => {
        const res = await rest(app, `/api/admin/audit-logs?search=${alert.relatedEntities[0]}&dateRange=all`, { token: adminToken });
        return res.status === 200 && (res.body.data as unknown[]).length > 0 ? res.body.data : null;
      },
      { what: 'the audit entry of a related login', timeoutMs: 20_000 },
    );
    expect(audit[0]).toMatchObject({ action: 'LOGIN_FAILED' });
    // Filters: by status and severity.
    expect((await alerts('?status=open&severity=high')).some((a) => a.id === alertId)).toBe(true);
    expect((await alerts('?status=resolved')).some((a) => a.id === alertId)).toBe(false);
  });

  it('mails the admins about it (once)', async () => {
    const mail = await waitFor(() => smtp.messages.find((m) => m.to.includes(app.admin.email) && /Security alert/.test(m.raw)) ?? null, { what: 'the alert mail', timeoutMs: 20_000 });
    const root = parseMime(mail.raw);
    const text = leafParts(root).find((p) => p.contentType === 'text/plain')?.body.toString('utf8') ?? '';
    expect(root.headers.get('subject')).toMatch(/Security alert \(high\): Brute force attack on an account/);
    expect(text).toContain('Brute force attack on');
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.messages.filter((m) => m.to.includes(app.admin.email) && /Security alert/.test(m.raw))).toHaveLength(1);
  });

  it('POST /api/admin/security/alerts/{id}/resolve resolves it with a note; again is 409; unknown is 404', async () => {
    const res = await rest(app, `/api/admin/security/alerts/${alertId}/resolve`, { method: 'POST', token: adminToken, json: { note: 'Owner confirmed, password changed' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { id: alertId, status: 'resolved', note: 'Owner confirmed, password changed' } });
    expect((await alerts('?status=resolved')).some((a) => a.id === alertId)).toBe(true);
    const again = await rest(app, `/api/admin/security/alerts/${alertId}/resolve`, { method: 'POST', token: adminToken });
    expect(again.status).toBe(409);
    const unknown = await rest(app, '/api/admin/security/alerts/00000000-0000-4000-8000-000000000000/resolve', { method: 'POST', token: adminToken, json: {} });
    expect(unknown.status).toBe(404);
    const { rows } = await app.platform.pool.query<{ type: string }>("SELECT type FROM es_events WHERE stream_id = $1 ORDER BY stream_version", [`security-alert-${alertId}`]);
    expect(rows.map((r) => r.type)).toEqual(['SecurityAlertRaised', 'SecurityAlertResolved']);
  });

  it('replaying every event through fresh detectors gives the same alerts and raises none twice', async () => {
    const raisedIds = async () =>
      (await app.platform.pool.query<{ id: string }>("SELECT event_id::text AS id FROM es_events WHERE type = 'SecurityAlertRaised' ORDER BY event_id")).rows.map((r) => r.id);
    const before = await raisedIds();
    const silent = { info() {}, warn() {}, error() {}, debug() {} } as never;
    for (const round of [1, 2]) {
      // A second round replays the same events into the same state: skipped by its checkpoint.
      const replay = securityDetectorsReactor({ store: app.platform.store, pool: app.platform.pool, log: silent, name: 'security-detectors-replay' });
      let after: string | null = null;
      for (;;) {
        const batch = await app.platform.store.readAll({ after, limit: 50 });
        if (batch.events.length > 0) await replay.handle(batch.events);
        after = batch.checkpoint;
        if (batch.isEnd) break;
      }
      expect(await raisedIds(), `round ${round}`).toEqual(before);
    }
    const states = await app.platform.pool.query<{ name: string; state: unknown }>("SELECT name, state FROM security_detector_state WHERE name IN ('security-detectors', 'security-detectors-replay')");
    expect(states.rows).toHaveLength(2);
  });

  it('answers 400 naming the field for a bad filter or id', async () => {
    const bad = await rest(app, '/api/admin/security/alerts?status=bogus', { token: adminToken });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('status');
    const badId = await rest(app, '/api/admin/security/alerts/not-an-id/resolve', { method: 'POST', token: adminToken, json: {} });
    expect(badId.status).toBe(400);
    const badNote = await rest(app, `/api/admin/security/alerts/${alertId}/resolve`, { method: 'POST', token: adminToken, json: { note: 42 } });
    expect(badNote.status).toBe(400);
    expect(badNote.body.errors).toHaveProperty('note');
  });

  it('is refused to a manager (403) and a visitor (401)', async () => {
    const manager = await createAccount(app, { userType: 'manager' });
    const token = await loginToken(app, manager);
    expect((await rest(app, '/api/admin/security/alerts', { token })).status).toBe(403);
    expect((await rest(app, '/api/admin/security/alerts')).status).toBe(401);
  });
});

describe('access control', () => {
  it('lists every account with role, sessions, risk and status', async () => {
    const admin = await loginSession(app, app.admin);
    const someone = await createAccount(app, { name: 'Listed Person' });
    await loginToken(app, someone);
    const res = await admin.query('accessControl.users');
    expect(res.status).toBe(200);
    const row = (res.body.users as { userId: string }[]).find((u) => u.userId === someone.id);
    expect(row).toMatchObject({ userName: 'Listed Person', role: 'user', status: 'active', sessionCount: 1, mfaEnabled: false });
    expect(row).toHaveProperty('riskScore');
    expect(row).toHaveProperty('lastLogin');
  });

  it('a suspended account is refused at login (403 account_suspended) until reinstated; its sessions end', async () => {
    const admin = await loginSession(app, app.admin);
    const target = await createAccount(app);
    const token = await loginToken(app, target);
    const suspended = await admin.mutation('accessControl.act', { userId: target.id, action: 'suspend', reason: 'investigating' });
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({ endedSessions: 1, user: { status: 'suspended' } });
    expect((await rest(app, '/api/crm/customers', { token })).status).toBe(401);
    const refused = await login(target.email, target.password);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/suspended/);
    // A wrong password still says only "invalid" (nothing told before the right password).
    expect((await login(target.email, 'not-the-password')).status).toBe(401);
    expect((await admin.mutation('accessControl.act', { userId: target.id, action: 'reinstate' })).status).toBe(200);
    expect((await login(target.email, target.password)).status).toBe(200);
  });

  it('a locked account is refused at login (403 account_locked) until unlocked', async () => {
    const admin = await loginSession(app, app.admin);
    const target = await createAccount(app);
    expect((await admin.mutation('accessControl.act', { userId: target.id, action: 'lock' })).status).toBe(200);
    const refused = await login(target.email, target.password);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/locked/);
    expect((await admin.mutation('accessControl.act', { userId: target.id, action: 'unlock' })).status).toBe(200);
    expect((await login(target.email, target.password)).status).toBe(200);
    const { rows } = await app.platform.pool.query<{ type: string }>("SELECT type FROM es_events WHERE stream_id = $1 AND type IN ('UserLocked', 'UserUnlocked') ORDER BY stream_version", [`user-${target.id}`]);
    expect(rows.map((r) => r.type)).toEqual(['UserLocked', 'UserUnlocked']);
  });

  it('ends all sessions of an account; refuses locking oneself (409) and a manager acting (403)', async () => {
    const admin = await loginSession(app, app.admin);
    const target = await createAccount(app);
    const t1 = await loginToken(app, target);
    await loginToken(app, target);
    const ended = await admin.mutation('accessControl.act', { userId: target.id, action: 'endSessions' });
    expect(ended.body).toMatchObject({ endedSessions: 2, user: { sessionCount: 0, status: 'active' } });
    expect((await rest(app, '/api/crm/customers', { token: t1 })).status).toBe(401);
    const adminId = (await app.platform.pool.query<{ id: string }>('SELECT id FROM auth_user WHERE email = $1', [app.admin.email])).rows[0]!.id;
    expect((await admin.mutation('accessControl.act', { userId: adminId, action: 'lock' })).status).toBe(409);
    const manager = await loginSession(app, await createAccount(app, { userType: 'manager' }));
    expect((await manager.mutation('accessControl.act', { userId: target.id, action: 'suspend' })).status).toBe(403);
    expect((await admin.mutation('accessControl.act', { userId: target.id, action: 'explode' })).status).toBe(400);
  });

  it('a login with the right password on a suspended account raises a medium alert (not mailed)', async () => {
    const admin = await loginSession(app, app.admin);
    const target = await createAccount(app, { name: 'Suspended Person' });
    await admin.mutation('accessControl.act', { userId: target.id, action: 'suspend' });
    expect((await login(target.email, target.password)).status).toBe(403);
    const alert = await waitFor(async () => (await alerts()).find((a) => a.type === 'deactivated_account_login' && a.userId === target.id) ?? null, { what: 'a blocked-account login alert', timeoutMs: 20_000 });
    expect(alert.severity).toBe('medium');
  });
});
