/**
 * Browser test of the Integrations area (issue 15; spec 02 "Integration Marketplace"): the four cards computed,
 * install and enable Slack with a local receiver and see a confirmed booking posted; install the calendar feed,
 * subscribe to its URL and see the confirmed booking in the .ics; a failing Slack receiver shows the error
 * banner. English and Arabic, desktop (1280) and phone (390), without horizontal overflow; screenshots under the
 * test artifacts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSuite, screenshot, type NewPageOptions } from '../../test-support/browser.ts';
import { businessDayIn } from '../../test-support/dates.ts';
import { loginToken, rest } from '../../test-support/http.ts';

const POLL = { timeout: 20_000 };

describe('Integrations area in the browser', () => {
  const suite = browserSuite({ app: { env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' } } });
  const errors: string[] = [];
  const slackPosts: { text: string }[] = [];
  let slackAnswer = 200;
  let receiver: http.Server;
  let token = '';
  let bookingId = '';

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        if (req.url?.startsWith('/slack')) slackPosts.push(JSON.parse(body));
        res.writeHead(req.url?.startsWith('/slack') ? slackAnswer : 200).end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    token = await loginToken(suite.app, suite.app.admin);
    const booking = await rest(suite.app, '/api/bookings', {
      method: 'POST',
      json: { name: 'Ada Lovelace', email: 'ada@example.com', company: 'Engines', meetingType: 'demo', preferredDate: businessDayIn(6), preferredTime: '10:00' },
    });
    expect(booking.status).toBe(201);
    bookingId = booking.body.booking.id;
  });
  afterAll(() => receiver?.close());

  const receiverUrl = (p: string) => `http://127.0.0.1:${(receiver.address() as AddressInfo).port}${p}`;

  const open = (url: string, options: NewPageOptions = {}) => suite.openAsAdmin(url, errors, options);
  const toastText = (page: Page) => page.getByTestId('app-toast').allTextContents().then((all) => all.join(' | '));
  const noOverflow = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  it('installs and enables Slack and the calendar feed; a confirmed booking is posted and in the feed', async () => {
    const page = await open('/admin/integrations', { width: 1280, height: 1000 });
    await page.getByTestId('integrations').waitFor();
    await expect.poll(() => page.getByTestId('integrations-card-active-value').textContent(), POLL).toBe('0 of 4');
    expect(await page.getByTestId('integrations-tab-marketplace').getAttribute('aria-selected')).toBe('true');
    for (const id of ['webhooks', 'slack', 'calendar-feed', 'smtp']) await page.getByTestId(`integration-${id}`).waitFor();

    // Slack: install (the details dialog opens to configure it), URL and events, save, close, enable.
    await page.getByTestId('integration-slack-install').click();
    await expect.poll(() => toastText(page)).toContain('Integration Installed');
    const dialog = page.getByTestId('integration-dialog');
    await dialog.waitFor();
    await page.getByTestId('integration-slack-url').fill(receiverUrl('/slack/T0/B0/secret1234'));
    await page.getByTestId('integration-slack-save').click();
    await expect.poll(() => page.getByTestId('integration-slack-masked').textContent(), POLL).toContain('…1234');
    expect(await page.getByTestId('integration-slack-masked').textContent()).not.toContain('secret');
    await page.getByTestId('integration-dialog-close').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('integration-slack-toggle').locator('xpath=..').click();
    await expect.poll(() => toastText(page)).toContain('Integration Enabled');
    await expect.poll(() => page.getByTestId('integration-slack-status').textContent(), POLL).toBe('Active');

    // Calendar feed: install, generate the URL (shown once), enable.
    await page.getByTestId('integration-calendar-feed-install').click();
    await dialog.waitFor();
    await page.getByTestId('integration-feed-regenerate').click();
    const feedUrl = (await page.getByTestId('integration-feed-url').inputValue())!;
    expect(feedUrl).toMatch(/\/api\/integrations\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    await page.getByTestId('integration-dialog-close').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('integration-calendar-feed-toggle').locator('xpath=..').click();
    await expect.poll(() => page.getByTestId('integration-calendar-feed-status').textContent(), POLL).toBe('Active');
    await expect.poll(() => page.getByTestId('integrations-card-active-value').textContent(), POLL).toBe('2 of 4');

    // A booking confirmed: Slack gets it, the feed lists it.
    const confirm = await rest(suite.app, '/api/admin/bookings', { method: 'PUT', token, json: { id: bookingId, status: 'confirmed' } });
    expect(confirm.status).toBe(200);
    await expect.poll(() => slackPosts.map((p) => p.text).join(' | '), POLL).toContain('Booking confirmed: Ada Lovelace');
    const ics = await fetch(new URL(new URL(feedUrl).pathname, suite.app.baseUrl));
    expect(ics.status).toBe(200);
    const body = await ics.text();
    expect(body).toContain(`UID:booking-${bookingId}@nexa-crm`);
    expect(body).toContain('Ada Lovelace');

    // My Integrations lists the two installed ones.
    await page.getByTestId('integrations-tab-mine').click();
    await page.getByTestId('my-integrations').waitFor();
    expect(await page.getByTestId('my-integrations').locator('[data-testid^="integration-"][data-status]').count()).toBe(2);
    expect(page.url()).toContain('tab=mine');
    await screenshot(page, 'integrations-mine-desktop-en.png', { fullPage: true });
    await page.getByTestId('integrations-tab-marketplace').click();
    await screenshot(page, 'integrations-marketplace-desktop-en.png', { fullPage: true });
    await noOverflow(page, 1280);
  }, 120_000);

  it('shows the error banner when Slack deliveries fail', async () => {
    slackAnswer = 500;
    const booked = await rest(suite.app, '/api/bookings', {
      method: 'POST',
      json: { name: 'Grace Hopper', email: 'grace@example.com', meetingType: 'demo', preferredDate: businessDayIn(6), preferredTime: '11:00' },
    });
    expect(booked.status).toBe(201);
    const page = await open('/admin/integrations', { width: 1280, height: 1000 });
    await expect
      .poll(async () => {
        await page.reload();
        await page.getByTestId('integration-slack').waitFor();
        return page.getByTestId('integration-slack').getAttribute('data-status');
      }, POLL)
      .toBe('error');
    expect(await page.getByTestId('integration-slack-error').textContent()).toContain('Deliveries of this integration are failing: HTTP 500');
    await page.getByTestId('integration-slack-details').click();
    await page.getByTestId('integration-error-banner').waitFor();
    await page.waitForTimeout(400);
    await screenshot(page, 'integrations-slack-error-desktop-en.png');
    slackAnswer = 200;
  }, 90_000);

  it('generates an API key (shown once, then masked), creates a webhook, sends a test event, sees it in the log and retries it', async () => {
    const page = await open('/admin/integrations', { width: 1280, height: 1000 });
    await page.getByTestId('integrations-custom').click();
    await page.getByTestId('api-keys-tab').waitFor();
    expect(page.url()).toContain('tab=apiKeys');
    await page.getByTestId('api-key-generate').click();
    await page.getByTestId('api-key-dialog').waitFor();
    await page.getByTestId('api-key-name').fill('Reporting');
    await page.getByTestId('api-key-scope-customers:read').click();
    await page.getByTestId('api-key-submit').click();
    const key = (await page.getByTestId('api-key-value').textContent())!.trim();
    expect(key).toMatch(/^crm_live_/);
    await page.getByTestId('api-key-done').click();
    await page.getByTestId('api-key-created-dialog').waitFor({ state: 'hidden' });
    const masked = page.getByTestId('api-key-row').filter({ hasText: 'Reporting' }).getByTestId('api-key-masked');
    await expect.poll(() => masked.textContent(), POLL).toBe(`crm_live_…${key.slice(-4)}`);
    expect(await page.content()).not.toContain(key);
    // The key works on the REST API (and counts as an API request on the card).
    const used = await fetch(new URL('/api/crm/customers', suite.app.baseUrl), { headers: { authorization: `Bearer ${key}` } });
    expect(used.status).toBe(200);

    await page.getByTestId('integrations-tab-webhooks').click();
    await page.getByTestId('webhooks-tab').waitFor();
    await page.getByTestId('webhook-create').click();
    await page.getByTestId('webhook-dialog').waitFor();
    await page.getByTestId('webhook-name').fill('Local receiver');
    await page.getByTestId('webhook-url').fill(receiverUrl('/hook'));
    await page.getByTestId('webhook-event-booking.confirmed').click();
    await page.getByTestId('webhook-submit').click();
    await page.getByTestId('webhook-secret-dialog').waitFor();
    expect(await page.getByTestId('webhook-secret').textContent()).toMatch(/whsec_/);
    await page.getByTestId('webhook-secret-done').click();
    const row = page.getByTestId('webhook-row').filter({ hasText: 'Local receiver' });
    await row.waitFor();
    await row.getByTestId('webhook-test').click();
    await expect.poll(() => toastText(page), POLL).not.toBe('');
    await row.getByTestId('webhook-deliveries').click();
    const log = page.getByTestId('webhook-log-dialog');
    await log.waitFor();
    await expect
      .poll(async () => {
        if ((await log.getByTestId('webhook-log-row').count()) === 0) {
          await log.getByTestId('webhook-log-close').click();
          await row.getByTestId('webhook-deliveries').click();
        }
        return log.getByTestId('webhook-log-row').count();
      }, POLL)
      .toBeGreaterThanOrEqual(1);
    expect(await log.getByTestId('webhook-log-status').first().textContent()).toBe('200');
    await log.getByTestId('webhook-log-retry').first().click();
    await expect
      .poll(async () => {
        await log.getByTestId('webhook-log-close').click();
        await row.getByTestId('webhook-deliveries').click();
        await log.getByTestId('webhook-log-row').first().waitFor();
        return log.getByTestId('webhook-log-row').count();
      }, POLL)
      .toBeGreaterThanOrEqual(2);
    await page.waitForTimeout(300);
    await screenshot(page, 'integrations-webhook-log-desktop-en.png');
    await log.getByTestId('webhook-log-close').click();

    // The Webhooks integration reports its endpoints' deliveries.
    await rest(suite.app, '/api/admin/integrations/webhooks/install', { method: 'POST', token });
    const webhooks = (await rest(suite.app, '/api/admin/integrations', { token })).body.integrations.find((i: { id: string }) => i.id === 'webhooks');
    expect(webhooks.health).toMatchObject({ ok: true, failures: 0 });
    expect(webhooks.health.successes).toBeGreaterThanOrEqual(2);

    // The cards: one API request, one webhook (active), deliveries in the uptime.
    await page.reload();
    await expect.poll(() => page.getByTestId('integrations-card-webhooks-value').textContent(), POLL).toBe('1');
    await expect.poll(() => page.getByTestId('integrations-card-requests-value').textContent(), POLL).not.toBe('0');
  }, 120_000);

  it('fits a phone and reads right to left in Arabic', async () => {
    for (const locale of ['en', 'ar'] as const) {
      for (const [w, h] of [
        [390, 844],
        [1280, 1000],
      ] as const) {
        const page = await open('/admin/integrations', { width: w, height: h, ...(w < 700 ? { hasTouch: true } : {}) });
        if (locale === 'ar') {
          await page.getByTestId('language-switcher-desktop').selectOption('ar');
          await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
          await expect.poll(() => page.getByTestId('integrations-tab-marketplace').textContent()).toBe('السوق');
        }
        await page.getByTestId('integration-slack').waitFor();
        await expect.poll(() => page.getByTestId('integrations-card-active-value').textContent(), POLL).toMatch(/2/);
        await screenshot(page, `integrations-${w < 700 ? 'phone' : 'desktop'}-${locale}.png`, { fullPage: true });
        await noOverflow(page, w);
        await page.close();
      }
    }
    expect(errors).toEqual([]);
  }, 120_000);
});
