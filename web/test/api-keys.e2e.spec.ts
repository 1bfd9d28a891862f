/**
 * Browser test of the Integrations area's API Keys tab (issue 15): Generate API Key refuses an empty name ('Please
 * provide a name for the API key.'), then creates a key shown once with Copy; the list shows it masked; the key
 * works on the REST API; Revoke asks first and the key is then refused. English and Arabic, desktop (1280) and phone
 * (390); screenshots under the test artifacts.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, screenshot, type NewPageOptions } from '../../test-support/browser.ts';
import { rest } from '../../test-support/http.ts';

const POLL = { timeout: 20_000 };

describe('API Keys tab in the browser', () => {
  const suite = browserSuite();
  const errors: string[] = [];

  const open = (url: string, options: NewPageOptions = {}) => suite.openAsAdmin(url, errors, options);
  const toArabic = async (page: Page) => {
    await page.getByTestId('language-switcher-desktop').selectOption('ar');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  };
  const noOverflow = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  it('generates a key shown once, lists it masked, and revokes it after a confirmation', async () => {
    const page = await open('/admin/integrations?tab=apiKeys', { width: 1280, height: 900 });
    await page.getByTestId('api-keys-tab').waitFor();
    await page.getByTestId('api-keys-empty').waitFor();
    await screenshot(page, 'api-keys-empty-desktop-en.png', { fullPage: true });

    await page.getByTestId('api-key-generate').click();
    const dialog = page.getByTestId('api-key-dialog');
    await dialog.waitFor();
    await page.getByTestId('api-key-submit').click();
    await expect(page.getByTestId('api-key-name-error').textContent()).resolves.toBe('Please provide a name for the API key.');
    await page.getByTestId('api-key-name').fill('Reporting sync');
    await page.getByTestId('api-key-scope-customers:read').click();
    await page.getByTestId('api-key-scope-deals:read').click();
    await screenshot(page, 'api-key-generate-desktop-en.png');
    await page.getByTestId('api-key-submit').click();

    const created = page.getByTestId('api-key-created-dialog');
    await created.waitFor();
    const key = (await page.getByTestId('api-key-value').textContent())!.trim();
    expect(key).toMatch(/^crm_live_[0-9A-Za-z]{36}$/);
    await screenshot(page, 'api-key-created-desktop-en.png');
    await page.getByTestId('api-key-done').click();
    await created.waitFor({ state: 'hidden' });

    const row = page.getByTestId('api-key-row').first();
    await row.waitFor();
    await expect(row.getByTestId('api-key-masked').textContent()).resolves.toBe(`crm_live_…${key.slice(-4)}`);
    await expect(page.content()).resolves.not.toContain(key);
    await expect(row.getByTestId('api-key-status').textContent()).resolves.toBe('Active');

    // The key works on the REST API; the list then counts the request.
    expect((await rest(suite.app, '/api/crm/customers', { token: key })).status).toBe(200);
    await page.reload();
    await expect.poll(() => page.getByTestId('api-key-row').first().getByTestId('api-key-usage').textContent(), POLL).toBe('1');
    await screenshot(page, 'api-keys-list-desktop-en.png', { fullPage: true });

    await page.getByTestId('api-key-row').first().getByTestId('api-key-revoke').click();
    await page.getByTestId('api-key-revoke-dialog').waitFor();
    await expect(page.getByTestId('api-key-revoke-text').textContent()).resolves.toContain('Reporting sync');
    await screenshot(page, 'api-key-revoke-desktop-en.png');
    await page.getByTestId('api-key-revoke-confirm').click();
    await expect.poll(() => page.getByTestId('api-key-row').first().getAttribute('data-status'), POLL).toBe('revoked');
    expect((await rest(suite.app, '/api/crm/customers', { token: key })).status).toBe(401);

    await toArabic(page);
    await page.getByTestId('api-key-row').first().waitFor();
    await screenshot(page, 'api-keys-list-desktop-ar.png', { fullPage: true });
    expect(errors).toEqual([]);
  });

  it('fits a phone, in English and Arabic', async () => {
    const page = await open('/admin/integrations?tab=apiKeys', { width: 390, height: 844, hasTouch: true });
    await page.getByTestId('api-key-card').first().waitFor();
    await noOverflow(page, 390);
    await screenshot(page, 'api-keys-phone-en.png', { fullPage: true });
    await page.getByTestId('api-key-generate').click();
    await page.getByTestId('api-key-dialog').waitFor();
    await screenshot(page, 'api-key-generate-phone-en.png');
    await page.keyboard.press('Escape');
    await page.getByTestId('api-key-dialog').waitFor({ state: 'hidden' });
    await toArabic(page);
    await page.getByTestId('api-key-card').first().waitFor();
    await noOverflow(page, 390);
    await screenshot(page, 'api-keys-phone-ar.png', { fullPage: true });
    expect(errors).toEqual([]);
  });
});
