/**
 * Browser test of the Integrations area's Webhooks tab (issue 15): Create Webhook refuses missing fields ('Please
 * fill in all required fields.'), creates an endpoint whose secret is shown once, sends a test event that a local
 * receiver gets (verified with standardwebhooks), shows the attempt in the delivery log and retries it (same
 * webhook-id). English desktop (1280) and Arabic phone (390); screenshots under the test artifacts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSuite, screenshot, type NewPageOptions } from '../../test-support/browser.ts';

const POLL = { timeout: 20_000 };

describe('Webhooks tab in the browser', () => {
  // The receiver is on loopback.
  const suite = browserSuite({ app: { env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' } } });
  const errors: string[] = [];
  const received: { headers: Record<string, string>; body: string }[] = [];
  let server: http.Server;
  let receiverUrl = '';

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])), body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/crm-events`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const open = (url: string, options: NewPageOptions = {}) => suite.openAsAdmin(url, errors, options);
  const noOverflow = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  it('creates a webhook (secret shown once), sends a test event, sees it in the log and retries it', async () => {
    const page = await open('/admin/integrations?tab=webhooks', { width: 1280, height: 900 });
    await page.getByTestId('webhooks-tab').waitFor();
    await page.getByTestId('webhooks-empty').waitFor();

    await page.getByTestId('webhook-create').click();
    await page.getByTestId('webhook-dialog').waitFor();
    await page.getByTestId('webhook-submit').click();
    await expect(page.getByTestId('webhook-form-error').textContent()).resolves.toBe('Please fill in all required fields.');
    await page.getByTestId('webhook-name').fill('Order sync');
    await page.getByTestId('webhook-url').fill(receiverUrl);
    await page.getByTestId('webhook-event-customer.created').click();
    await page.getByTestId('webhook-event-booking.confirmed').click();
    await screenshot(page, 'webhook-create-desktop-en.png');
    await page.getByTestId('webhook-submit').click();

    await page.getByTestId('webhook-secret-dialog').waitFor();
    const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await screenshot(page, 'webhook-secret-desktop-en.png');
    await page.getByTestId('webhook-secret-done').click();
    await page.getByTestId('webhook-secret-dialog').waitFor({ state: 'hidden' });
    await expect(page.content()).resolves.not.toContain(secret);

    const row = page.getByTestId('webhook-row').first();
    await row.waitFor();
    await row.getByTestId('webhook-test').click();
    await expect.poll(() => received.length, POLL).toBe(1);
    const payload = new Webhook(secret).verify(received[0]!.body, received[0]!.headers) as { type: string };
    expect(payload.type).toBe('webhook.test');

    await row.getByTestId('webhook-deliveries').click();
    const log = page.getByTestId('webhook-log-dialog');
    await log.waitFor();
    await expect.poll(() => log.getByTestId('webhook-log-row').count(), POLL).toBe(1);
    await expect(log.getByTestId('webhook-log-status').first().textContent()).resolves.toBe('200');
    await screenshot(page, 'webhook-log-desktop-en.png');
    await log.getByTestId('webhook-log-retry').first().click();
    await expect.poll(() => received.length, POLL).toBe(2);
    expect(received[1]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id']);
    await expect.poll(() => log.getByTestId('webhook-log-row').count(), POLL).toBe(2);
    await page.getByTestId('webhook-log-close').click();
    await expect.poll(() => page.getByTestId('webhook-row').first().getByTestId('webhook-health').textContent(), POLL).toBe('2 delivered · 0 failed');
    await screenshot(page, 'webhooks-list-desktop-en.png', { fullPage: true });
    await noOverflow(page, 1280);

    // Arabic on a phone: cards instead of the table, right to left, nothing wider than the screen.
    const phone = await open('/admin/integrations?tab=webhooks', { width: 390, height: 844, hasTouch: true });
    await phone.getByTestId('language-switcher-desktop').selectOption('ar').catch(async () => {
      await phone.evaluate(() => localStorage.setItem('crm-locale', 'ar'));
      await phone.reload();
    });
    await expect.poll(() => phone.evaluate(() => document.documentElement.dir), POLL).toBe('rtl');
    await phone.getByTestId('webhook-card').first().waitFor();
    await screenshot(phone, 'webhooks-list-phone-ar.png', { fullPage: true });
    await noOverflow(phone, 390);
    await phone.getByTestId('webhook-card').first().getByTestId('webhook-deliveries').click();
    await phone.getByTestId('webhook-log-dialog').waitFor();
    await expect.poll(() => phone.getByTestId('webhook-log-row').count(), POLL).toBe(2);
    await screenshot(phone, 'webhook-log-phone-ar.png');
    await phone.getByTestId('webhook-log-close').click();
    await phone.getByTestId('webhook-create').click();
    await phone.getByTestId('webhook-submit').click();
    await expect(phone.getByTestId('webhook-form-error').textContent()).resolves.toBe('يُرجى ملء جميع الحقول المطلوبة.');
    await screenshot(phone, 'webhook-create-phone-ar.png');

    expect(errors).toEqual([]);
  }, 120_000);
});
