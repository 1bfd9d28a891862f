/**
 * Browser test of the Integrations area's API Logs tab and API Documentation page (issue 15): a request made with
 * an API key is listed (method, endpoint, status, key, request id), the status filter narrows the list; the header
 * button opens the documentation, which renders the OpenAPI document (an operation's path visible). English and
 * Arabic, desktop (1280) and phone (390); screenshots under the test artifacts.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, screenshot, type NewPageOptions } from '../../test-support/browser.ts';
import { loginToken, rest } from '../../test-support/http.ts';

const POLL = { timeout: 20_000 };

describe('API Logs tab and API Documentation in the browser', () => {
  const suite = browserSuite();
  const errors: string[] = [];

  const open = (url: string, options: NewPageOptions = {}) => suite.openAsAdmin(url, errors, options);
  const toArabic = async (page: Page) => {
    await page.getByTestId('language-switcher-desktop').selectOption('ar');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  };
  const noOverflow = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  it('lists a request made with a key and filters by status class', async () => {
    const token = await loginToken(suite.app, suite.app.admin);
    const created = await rest(suite.app, '/api/admin/api-keys', { method: 'POST', token, json: { name: 'Reporting sync', scopes: ['customers:read'] } });
    expect(created.status).toBe(201);
    const key = created.body.apiKey.key as string;
    expect((await fetch(`${suite.app.baseUrl}/api/crm/customers`, { headers: { authorization: `Bearer ${key}`, 'x-correlation-id': 'browser-req-1' } })).status).toBe(200);
    expect((await fetch(`${suite.app.baseUrl}/api/admin/users`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(403);

    const page = await open('/admin/integrations?tab=apiLogs', { width: 1280, height: 900 });
    await page.getByTestId('api-logs-tab').waitFor();
    await expect.poll(() => page.getByTestId('api-log-row').count(), POLL).toBe(2);
    const ok = page.locator('[data-testid="api-log-row"][data-status="200"]');
    await expect(ok.getByTestId('api-log-endpoint').textContent()).resolves.toBe('/api/crm/customers');
    await expect(ok.textContent()).resolves.toContain('Reporting sync');
    await expect(ok.textContent()).resolves.toContain('browser-req-1');
    await expect(page.locator('[data-testid="api-log-row"][data-status="403"]').textContent()).resolves.toContain('This API key lacks the scope users:read');
    await screenshot(page, 'api-logs-desktop-en.png', { fullPage: true });

    await page.getByTestId('api-logs-status').selectOption('4xx');
    await expect.poll(() => page.getByTestId('api-log-row').count(), POLL).toBe(1);
    await page.getByTestId('api-logs-status').selectOption('all');
    await page.getByTestId('api-logs-search').fill('nothing-like-this');
    await page.getByTestId('api-logs-empty').waitFor();
    await page.getByTestId('api-logs-search').fill('');
    await expect.poll(() => page.getByTestId('api-log-row').count(), POLL).toBe(2);

    await toArabic(page);
    await expect(page.getByRole('heading', { name: 'سجلات API' })).toBeTruthy();
    await page.getByText('سجلات API').first().waitFor();
    await screenshot(page, 'api-logs-desktop-ar.png', { fullPage: true });
    await page.close();

    const phone = await open('/admin/integrations?tab=apiLogs', { width: 390, height: 844 });
    await expect.poll(() => phone.getByTestId('api-log-card').count(), POLL).toBe(2);
    await noOverflow(phone, 390);
    await screenshot(phone, 'api-logs-phone-en.png', { fullPage: true });
    await toArabic(phone);
    await noOverflow(phone, 390);
    await screenshot(phone, 'api-logs-phone-ar.png', { fullPage: true });
    await phone.close();
  });

  it('opens the API Documentation page from the header and renders the OpenAPI document', async () => {
    const page = await open('/admin/integrations', { width: 1280, height: 900 });
    await page.getByTestId('integrations-api-docs').click();
    await page.getByTestId('api-docs-page').waitFor();
    await expect.poll(() => page.url()).toContain('view=docs');
    await page.getByTestId('api-docs-viewer').waitFor(POLL);
    // An operation of the document: its path, rendered by the viewer.
    await page.getByText('/api/admin/api-logs', { exact: true }).first().waitFor(POLL);
    await page.getByText('CRM Platform REST API').first().waitFor();
    await screenshot(page, 'api-docs-desktop-en.png');
    await toArabic(page);
    await page.getByRole('heading', { name: 'توثيق API' }).waitFor();
    await screenshot(page, 'api-docs-desktop-ar.png');
    await page.getByTestId('api-docs-back').click();
    await page.getByTestId('integrations').waitFor();
    await page.close();

    const phone = await open('/admin/integrations?view=docs', { width: 390, height: 844 });
    await phone.getByText('/api/admin/api-logs', { exact: true }).first().waitFor(POLL);
    await noOverflow(phone, 390);
    await screenshot(phone, 'api-docs-phone-en.png');
    await phone.close();
    expect(errors).toEqual([]);
  });
});
