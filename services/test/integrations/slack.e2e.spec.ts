/**
 * Slack notifications end to end: a local receiver stands in for Slack's incoming webhook; a booking request
 * (an event Slack is enabled for) is posted once as Slack blocks by the reactor through the queue; an event not
 * chosen is not posted; a failing receiver shows the integration's error (status `error`, the banner's text).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { businessDayIn } from '../../../test-support/dates.ts';
import { loginSession, loginToken, rest, trpcClient } from '../../../test-support/http.ts';

describe('Slack notifications', () => {
  let app: TestApp;
  let token: string;
  let receiver: http.Server;
  let answer = 200;
  const posts: { type: string | undefined; body: { text: string; blocks: { type: string; text?: { text: string }; fields?: { text: string }[] }[] } }[] = [];

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        posts.push({ type: req.headers['content-type'], body: JSON.parse(body) });
        res.writeHead(answer).end(answer === 200 ? 'ok' : 'invalid_token');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    app = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_URL: 'https://crm.example.com' } });
    token = await loginToken(app, app.admin);
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    receiver?.close();
  });

  const book = (name: string, time: string) =>
    rest(app, '/api/bookings', { method: 'POST', json: { name, email: 'ada@example.com', company: 'Engines', meetingType: 'demo', preferredDate: businessDayIn(7), preferredTime: time } });

  it('posts a chosen event once as Slack blocks, and shows failures', async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/services/T0/B0/secret`;
    await rest(app, '/api/admin/integrations/slack/install', { method: 'POST', token });
    const session = await loginSession(app, app.admin);
    const configured = await trpcClient(app, { cookie: session.cookie }).mutation('integrations.configure', { id: 'slack', webhookUrl: url, events: ['booking.requested'] });
    expect(configured.status).toBe(200);
    const on = await rest(app, '/api/admin/integrations/slack/status', { method: 'POST', token, json: { active: true } });
    expect(on.body.integration.status).toBe('active');

    const booking = await book('Ada Lovelace', '10:00');
    expect(booking.status).toBe(201);
    await expect.poll(() => posts.length, { timeout: 20_000 }).toBe(1);
    expect(posts[0]!.type).toBe('application/json');
    expect(posts[0]!.body.text).toBe('New booking request: Ada Lovelace');
    expect(posts[0]!.body.blocks[0]).toMatchObject({ type: 'header', text: { text: 'New booking request' } });
    expect(JSON.stringify(posts[0]!.body.blocks[1])).toContain('Ada Lovelace');
    // The link back to the admin comes from the app's configuration (PUBLIC_URL), not the process environment.
    expect(JSON.stringify(posts[0]!.body.blocks.at(-1))).toContain('<https://crm.example.com/admin|Nexa CRM>');
    // Confirming is not a chosen event: nothing more is posted.
    await rest(app, '/api/admin/bookings', { method: 'PUT', token, json: { id: booking.body.booking.id, status: 'confirmed' } });
    await new Promise((r) => setTimeout(r, 1500));
    expect(posts).toHaveLength(1);
    await expect.poll(async () => (await rest(app, '/api/admin/integrations', { token })).body.integrations.find((i: { id: string }) => i.id === 'slack').health.successes).toBe(1);

    answer = 500;
    await book('Grace Hopper', '11:00');
    await expect
      .poll(async () => (await rest(app, '/api/admin/integrations', { token })).body.integrations.find((i: { id: string }) => i.id === 'slack').status, { timeout: 20_000 })
      .toBe('error');
    const slack = (await rest(app, '/api/admin/integrations', { token })).body.integrations.find((i: { id: string }) => i.id === 'slack');
    expect(slack.health.lastError).toContain('HTTP 500');
    expect(JSON.stringify(slack)).not.toContain('/secret');
  }, 60_000);
});
