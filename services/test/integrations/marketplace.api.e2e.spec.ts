/**
 * The Integration Marketplace end to end: the catalog with each integration's state, install → configure →
 * enable/disable → uninstall as audited events (no secret in events or the audit log), refusals as 4xx, the
 * calendar feed's secret .ics URL (token stored hashed, regenerable) listing confirmed bookings, the SMTP check,
 * and the summary cards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { createAccount, loginSession, loginToken, rest, trpcClient } from '../../../test-support/http.ts';

const BUSINESS_TZ = 'Europe/Paris';
const dateIn = (instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
function businessDayIn(n: number): string {
  for (let i = n; ; i++) {
    const date = dateIn(new Date(Date.now() + i * 86400_000));
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday >= 1 && weekday <= 5) return date;
  }
}

describe('Integration Marketplace', () => {
  let app: TestApp;
  let token: string;
  let admin: ReturnType<typeof trpcClient>;

  beforeAll(async () => {
    app = await startTestApp();
    token = await loginToken(app, app.admin);
    admin = trpcClient(app);
    await loginSession(app, app.admin).then((s) => (admin = trpcClient(app, { cookie: s.cookie })));
  }, 60_000);
  afterAll(async () => app?.stop());

  it('lists the catalog with its state and computes the cards', async () => {
    const res = await rest(app, '/api/admin/integrations', { token });
    expect(res.status).toBe(200);
    expect(res.body.integrations.map((i: { id: string }) => i.id)).toEqual(['webhooks', 'slack', 'calendar-feed', 'smtp']);
    expect(res.body.integrations[1]).toMatchObject({ id: 'slack', installed: false, active: false, status: 'available', version: '1.0.0' });
    expect(res.body.summary).toMatchObject({ activeIntegrations: 0, totalIntegrations: 4 });
  });

  it('installs, configures Slack with a secret kept out of events, enables and disables, uninstalls', async () => {
    const install = await rest(app, '/api/admin/integrations/slack/install', { method: 'POST', token });
    expect(install.status).toBe(201);
    expect(install.body.integration).toMatchObject({ installed: true, status: 'installed', configured: false });
    expect((await rest(app, '/api/admin/integrations/slack/install', { method: 'POST', token })).status).toBe(409);
    const early = await rest(app, '/api/admin/integrations/slack/status', { method: 'POST', token, json: { active: true } });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('integration_not_configured');

    const secretUrl = 'https://hooks.slack.example/services/T000/B000/abcdefSECRETxyz1';
    const bad = await admin.mutation('integrations.configure', { id: 'slack', webhookUrl: 'not a url' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('webhookUrl');
    const configured = await admin.mutation('integrations.configure', { id: 'slack', webhookUrl: secretUrl, events: ['booking.confirmed'] });
    expect(configured.status).toBe(200);
    expect(configured.body.integration).toMatchObject({ configured: true, settings: { events: ['booking.confirmed'] }, secretMasked: 'https://hooks.slack.example/…xyz1' });
    const sealed = (await app.platform.pool.query("SELECT secret FROM integration_credential WHERE integration_id = 'slack'")).rows[0].secret as string;
    expect(sealed).toMatch(/^sealed:v1:/);
    expect(sealed).not.toContain('SECRET');

    const on = await rest(app, '/api/admin/integrations/slack/status', { method: 'POST', token, json: { active: true } });
    expect(on.body).toMatchObject({ success: true, message: 'Integration Enabled', integration: { active: true, status: 'active' } });
    expect((await rest(app, '/api/admin/integrations', { token })).body.summary.activeIntegrations).toBe(1);
    const off = await rest(app, '/api/admin/integrations/slack/status', { method: 'POST', token, json: { active: false } });
    expect(off.body).toMatchObject({ message: 'Integration Disabled', integration: { active: false, status: 'inactive' } });
    expect((await rest(app, '/api/admin/integrations/slack/status', { method: 'POST', token, json: { active: 'yes' } })).status).toBe(400);
    expect((await rest(app, '/api/admin/integrations/nope/install', { method: 'POST', token })).status).toBe(400);

    const events = await app.platform.pool.query(`SELECT type, data::text AS data FROM es_events WHERE stream_id = 'integration-slack' ORDER BY stream_version`);
    expect(events.rows.map((r) => r.type)).toEqual(['IntegrationInstalled', 'IntegrationConfigured', 'IntegrationActivated', 'IntegrationDeactivated']);
    expect(events.rows.map((r) => r.data).join('')).not.toContain('SECRET');
    await expect
      .poll(async () => (await rest(app, '/api/admin/audit-logs?entity=integration&dateRange=all', { token })).body.total, { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(JSON.stringify((await rest(app, '/api/admin/audit-logs?entity=integration&dateRange=all', { token })).body)).not.toContain('SECRET');

    expect((await rest(app, '/api/admin/integrations/slack', { method: 'DELETE', token })).body).toMatchObject({ success: true });
    const stored = await app.platform.pool.query("SELECT 1 FROM integration_credential WHERE integration_id = 'slack'");
    expect(stored.rowCount).toBe(0);
  });

  it('serves confirmed bookings in a secret, regenerable calendar feed', async () => {
    const booking = await rest(app, '/api/bookings', {
      method: 'POST',
      json: { name: 'Ada Lovelace', email: 'ada@example.com', company: 'Engines', meetingType: 'demo', preferredDate: businessDayIn(5), preferredTime: '10:00' },
    });
    expect(booking.status).toBe(201);
    const id = booking.body.booking.id;
    await rest(app, '/api/admin/integrations/calendar-feed/install', { method: 'POST', token });
    const feed = await admin.mutation('integrations.regenerateFeed');
    expect(feed.status).toBe(200);
    const path = new URL(feed.body.feedUrl, app.baseUrl).pathname;
    expect(path).toMatch(/^\/api\/integrations\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    // Not active yet: nothing served.
    expect((await rest(app, path)).status).toBe(404);
    await rest(app, '/api/admin/integrations/calendar-feed/status', { method: 'POST', token, json: { active: true } });
    let ics = await fetch(`${app.baseUrl}${path}`);
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toContain('text/calendar');
    expect(await ics.text()).not.toContain(id);
    await rest(app, '/api/admin/bookings', { method: 'PUT', token, json: { id, status: 'confirmed' } });
    ics = await fetch(`${app.baseUrl}${path}`);
    const body = await ics.text();
    expect(body).toContain('BEGIN:VCALENDAR');
    expect(body).toContain(`UID:booking-${id}@nexa-crm`);
    expect(body).toContain('SUMMARY:demo: Ada Lovelace (Engines)');
    const stored = await app.platform.pool.query("SELECT token_hash FROM integration_credential WHERE integration_id = 'calendar-feed'");
    expect(stored.rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(path).not.toContain(stored.rows[0].token_hash);

    const again = await admin.mutation('integrations.regenerateFeed');
    expect((await fetch(`${app.baseUrl}${path}`)).status).toBe(404);
    expect((await fetch(`${app.baseUrl}${new URL(again.body.feedUrl, app.baseUrl).pathname}`)).status).toBe(200);
    expect((await rest(app, '/api/integrations/calendar/short.ics')).status).toBe(404);
  });

  it('checks the mail transport (files when no SMTP_URL) and refuses non-admins', async () => {
    const check = await admin.mutation('integrations.checkSmtp');
    expect(check.body).toMatchObject({ transport: 'file', ok: true });
    const user = await createAccount(app, { userType: 'user', name: 'Ulla User' });
    expect((await rest(app, '/api/admin/integrations', { token: await loginToken(app, user) })).status).toBe(403);
  });
});
