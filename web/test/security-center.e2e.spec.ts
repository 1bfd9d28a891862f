/**
 * Browser test of the Security & Audit Center and the Audit Log viewer (issue 14; spec 02). The Security Center's
 * cards show real counts (the admin and a manager logged in → Active Sessions 2 across 2 users); with Real-time on,
 * an entry written elsewhere appears in the Audit Logs tab without a reload; a row opens its detail; Re-assess
 * records an assessment and the Full Report downloads. The Audit Log viewer shows the per-field old → new values of
 * a customer edited through the app, with IP address and user agent, links the record, exports
 * `audit-log-{date}.csv` and says 'No audit logs found' when nothing matches. English and Arabic, desktop (1280)
 * and phone (390), without horizontal overflow; screenshots under the test artifacts.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, browserSuite, screenshot, type NewPageOptions } from '../../test-support/browser.ts';
import { createAccount, loginSession, loginToken, rest, type TestAccount } from '../../test-support/http.ts';

const POLL = { timeout: 15_000 };

describe('Security & Audit Center and Audit Log in the browser', () => {
  const suite = browserSuite();
  const errors: string[] = [];
  let manager: TestAccount;
  let customerId = '';

  const open = (account: { email: string; password: string }, url: string, options: NewPageOptions = {}) => suite.openAs(account, url, errors, options);
  const toastText = (page: Page) => page.getByTestId('app-toast').allTextContents().then((all) => all.join(' | '));
  const toArabic = async (page: Page) => {
    await page.getByTestId('language-switcher-desktop').selectOption('ar');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  };
  const noOverflow = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  beforeAll(async () => {
    manager = await createAccount(suite.app, { userType: 'manager', name: 'Mona Manager' });
    const token = await loginToken(suite.app, suite.app.admin);
    const res = await rest(suite.app, '/api/crm/customers', {
      method: 'POST',
      token,
      json: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000', company: 'Analytical Engines Ltd', address: '1 Main St', city: 'Springfield', country: 'United States', status: 'lead' },
    });
    expect(res.status).toBe(201);
    customerId = (res.body.data?.id ?? res.body.customer?.id ?? res.body.id) as string;
    expect(customerId).toMatch(/^[0-9a-f-]{36}$/);
    // The login above is a session too: end it, so the sessions counted are the browser's and the manager's.
    await suite.app.platform.pool.query('DELETE FROM user_session');
  });

  it('shows real counts: the admin and a manager logged in → Active Sessions 2 across 2 users; live entries appear without reload', async () => {
    const page = await open(suite.app.admin, '/admin/security', { width: 1280, height: 1000 });
    await loginSession(suite.app, manager);
    await page.getByTestId('security-card-sessions').waitFor();
    // The cards were loaded before the manager logged in (Real-time refreshes them every 30 s): reload the page.
    await page.reload();
    await expect.poll(() => page.getByTestId('security-card-sessions-value').textContent(), POLL).toBe('2');
    expect(await page.getByTestId('security-card-sessions-users').textContent()).toBe('across 2 users');
    await expect.poll(() => page.getByTestId('security-card-score-value').textContent()).toMatch(/^\d+%$/);
    expect(await page.getByTestId('security-card-alerts-value').textContent()).toBe('0');
    expect(await page.getByTestId('security-card-compliance-value').textContent()).toMatch(/^\d+%$/);

    // Audit Logs tab (the default), Real-time on: the list shows the last 24 hours, then a change made elsewhere
    // appears at the top without a reload.
    await page.getByTestId('security-audit-row').first().waitFor();
    await expect.poll(() => page.getByTestId('security-live-status').getAttribute('data-status'), POLL).toBe('pending');
    const managerToken = await loginToken(suite.app, manager);
    const created = await rest(suite.app, '/api/crm/customers', { method: 'POST', token: managerToken, json: { name: 'Grace Hopper', email: 'grace@example.com', status: 'lead' } });
    expect(created.status).toBe(201);
    const graceId = (created.body.data?.id ?? created.body.customer?.id ?? created.body.id) as string;
    const liveRow = page.locator(`[data-testid="security-audit-row"][data-live="true"]`).filter({ hasText: graceId.slice(0, 8) }).first();
    await liveRow.waitFor(POLL);
    expect(await liveRow.textContent()).toContain('Mona Manager');
    await expect.poll(() => page.getByTestId('security-live-count').textContent()).toMatch(/new entr/);
    await screenshot(page, 'security-center-live-en.png', { fullPage: true });

    // A row opens its detail: user and role, action, resource, IP, location, user agent, details.
    await page.locator(`[data-testid="security-audit-row"][data-entry-id]`).filter({ hasText: graceId.slice(0, 8) }).first().click();
    const dialog = page.getByTestId('audit-entry-dialog');
    await dialog.waitFor();
    await expect(dialog.getByTestId('audit-fact-user').textContent()).resolves.toContain('Mona Manager · Manager');
    await expect(dialog.getByTestId('audit-detail-ip').textContent()).resolves.toBe('127.0.0.1');
    await expect(dialog.getByTestId('audit-fact-location').textContent()).resolves.toContain('Local network');
    await expect(dialog.getByTestId('audit-entry-details').textContent()).resolves.toContain('grace@example.com');
    await screenshot(page, 'security-center-entry-dialog-en.png');
    await dialog.getByTestId('audit-entry-close').click();
    await dialog.waitFor({ state: 'detached' });

    // Real-time off: the subscription stops. An entry written meanwhile arrives when it is turned on again: the
    // subscription resumes after the newest entry seen.
    await page.getByTestId('security-realtime').click();
    await expect.poll(() => page.getByTestId('security-live-status').getAttribute('data-status')).toBe('idle');
    const paused = await rest(suite.app, '/api/crm/customers', { method: 'POST', token: managerToken, json: { name: 'Katherine Johnson', email: 'katherine@example.com', status: 'lead' } });
    const pausedId = (paused.body.data?.id ?? paused.body.id) as string;
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await page.locator('[data-testid="security-audit-row"]').filter({ hasText: pausedId.slice(0, 8) }).count()).toBe(0);
    await page.getByTestId('security-realtime').click();
    await page.locator('[data-testid="security-audit-row"][data-live="true"]').filter({ hasText: pausedId.slice(0, 8) }).first().waitFor(POLL);
    expect(errors).toEqual([]);
  });

  it('Compliance: Re-assess records an assessment; the Full Report downloads it; the checks link to their fixes', async () => {
    const page = await open(suite.app.admin, '/admin/security?tab=compliance', { width: 1280, height: 1000, acceptDownloads: true });
    const gdpr = page.locator('[data-testid="compliance-card"][data-standard="gdpr"]');
    await gdpr.waitFor();
    expect(await gdpr.getByTestId('compliance-last-assessment').textContent()).toBe('Not assessed yet (checks run now)');
    expect(await gdpr.getByTestId('compliance-report').isDisabled()).toBe(true);
    await gdpr.getByTestId('compliance-reassess').click();
    await expect.poll(() => toastText(page), POLL).toContain('Compliance re-assessed');
    await expect.poll(() => gdpr.getByTestId('compliance-last-assessment').textContent()).not.toContain('Not assessed');
    const [download] = await Promise.all([page.waitForEvent('download'), gdpr.getByTestId('compliance-report').click()]);
    expect(download.suggestedFilename()).toMatch(/^compliance-report-\d{4}-\d{2}-\d{2}\.json$/);
    const report = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(report.standards.map((s: { standard: string }) => s.standard)).toEqual(['gdpr', 'soc2']);
    // The admin has no MFA: that check failed, with a link to the policies.
    const mfa = page.locator('[data-testid="security-check"][data-check="admin_mfa"]');
    expect(await mfa.getAttribute('data-status')).toBe('failed');
    await mfa.getByRole('link').click();
    await expect.poll(() => new URL(page.url()).search).toBe('?tab=policies');
    expect(await page.getByTestId('security-tab-policies').getAttribute('aria-selected')).toBe('true');
    // Security Settings in the header opens the Policies tab too; Export Logs downloads the audit CSV.
    await page.getByTestId('security-tab-audit').click();
    await page.getByTestId('security-settings').click();
    expect(await page.getByTestId('security-tab-policies').getAttribute('aria-selected')).toBe('true');
    const [logs] = await Promise.all([page.waitForEvent('download'), page.getByTestId('security-export-logs').click()]);
    expect(logs.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(errors).toEqual([]);
  });

  it('Audit Log viewer: a customer edited in the app shows its per-field changes, IP and user agent; export; empty state', async () => {
    const page = await open(suite.app.admin, `/admin/customers/${customerId}`, { width: 1280, height: 1000, acceptDownloads: true });
    const detail = page.getByTestId('customer-detail');
    await detail.getByTestId('customer-detail-edit').click();
    await detail.getByTestId('customer-detail-addressLine').fill('12 St James Square, London, United Kingdom');
    await detail.getByTestId('customer-detail-save').click();
    await expect.poll(() => toastText(page), POLL).toContain('Customer information updated successfully.');

    await page.goto('/admin/audit-log');
    await page.getByTestId('audit-log').waitFor();
    await page.getByTestId('audit-entity-filter').selectOption('customer');
    await page.getByTestId('audit-action-filter').selectOption('UPDATE');
    const row = page.locator(`[data-testid="audit-row"][data-action="UPDATE"][data-entity="customer"]`).first();
    await row.waitFor(POLL);
    await expect.poll(() => page.getByTestId('audit-tile-updates').textContent()).toBe('Updates1');
    await row.getByTestId('audit-row-toggle').click();
    const details = page.getByTestId('audit-row-details');
    await details.waitFor();
    const change = (field: string) => details.locator(`[data-testid="audit-change"][data-field="${field}"]`);
    await expect(change('city').getByTestId('audit-change-old').textContent()).resolves.toBe('Springfield');
    await expect(change('city').getByTestId('audit-change-new').textContent()).resolves.toBe('London');
    await expect(change('country').getByTestId('audit-change-new').textContent()).resolves.toBe('United Kingdom');
    await expect(change('address').getByTestId('audit-change-new').textContent()).resolves.toBe('12 St James Square');
    // Unchanged fields are not listed.
    expect(await change('email').count()).toBe(0);
    await expect(details.getByTestId('audit-detail-ip').textContent()).resolves.toBe('127.0.0.1');
    await expect(details.getByTestId('audit-detail-ua').textContent()).resolves.toContain('Chrome');
    expect(await row.getByTestId('audit-entity-link').getAttribute('href')).toBe(`/admin/customers/${customerId}`);
    await screenshot(page, 'audit-log-desktop-en.png', { fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '').trimEnd().split('\r\n');
    expect(csv[0]).toBe('Date,User,Action,Entity,Entity ID,Changes,Status,IP Address,Risk');
    expect(csv.slice(1).some((line) => line.includes(customerId) && line.includes('London'))).toBe(true);
    await expect.poll(() => toastText(page), POLL).toContain('Audit log has been exported to CSV');

    // The record link opens the customer.
    await row.getByTestId('audit-entity-link').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/admin/customers/${customerId}`);
    await page.goBack();
    await page.getByTestId('audit-search').fill('no-such-thing-anywhere');
    await page.getByTestId('audit-empty').waitFor(POLL);
    expect(await page.getByTestId('audit-empty').textContent()).toBe('No audit logs found');

    // A link may carry the search (an alert's related entries): the record's entries, every date.
    await page.goto(`/admin/audit-log?search=${customerId}`);
    await expect.poll(() => page.getByTestId('audit-search').inputValue()).toBe(customerId);
    expect(await page.getByTestId('audit-date-range').inputValue()).toBe('all');
    await expect.poll(() => page.getByTestId('audit-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action')).sort()), POLL).toEqual(['CREATE', 'UPDATE']);
    expect(errors).toEqual([]);
  });

  it('shows an error with Retry when the audit log cannot be fetched', async () => {
    const page = await open(suite.app.admin, '/admin/dashboard', { width: 1280, height: 900 });
    let fail = true;
    await page.route(/\/trpc\/[^?]*audit\.list/, (route) =>
      fail ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { message: 'boom', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } } }) }) : route.continue(),
    );
    await page.goto('/admin/audit-log');
    const alert = page.getByTestId('audit-error');
    await alert.waitFor(POLL);
    expect(await alert.textContent()).toContain('Failed to fetch audit logs.');
    fail = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.getByTestId('audit-row').first().waitFor(POLL);
  });

  it('has no axe violations on the viewer (a row expanded), the Security Center and its Compliance tab', async () => {
    const page = await open(suite.app.admin, '/admin/audit-log', { width: 1280, height: 1000, bypassCSP: true });
    await page.getByTestId('audit-row').first().waitFor(POLL);
    await page.getByTestId('audit-row-toggle').first().click();
    await page.getByTestId('audit-row-details').waitFor();
    const areas = ['[data-testid="audit-log"]'];
    expect(await axeViolations(page, { include: areas })).toEqual([]);
    await page.goto('/admin/security');
    await page.getByTestId('security-audit-row').first().waitFor(POLL);
    expect(await axeViolations(page, { include: ['[data-testid="security-center"]'] })).toEqual([]);
    await page.getByTestId('security-tab-compliance').click();
    await page.getByTestId('compliance-tab').waitFor();
    expect(await axeViolations(page, { include: ['[data-testid="security-center"]'] })).toEqual([]);
    await page.getByTestId('security-tab-audit').click();
    await page.getByTestId('security-audit-row').first().click();
    await page.getByTestId('audit-entry-dialog').waitFor();
    expect(await axeViolations(page, { include: ['[data-testid="audit-entry-dialog"]'] })).toEqual([]);
  });

  for (const locale of ['en', 'ar'] as const) {
    it(`fits a desktop and a phone without horizontal overflow (${locale})`, async () => {
      for (const width of [1280, 390]) {
        const size = { width, height: width === 390 ? 844 : 1000, ...(width === 390 ? { hasTouch: true } : {}) };
        const page = await open(suite.app.admin, '/admin/audit-log', size);
        if (locale === 'ar') await toArabic(page);
        await page.getByTestId('audit-row').first().waitFor(POLL);
        await page.getByTestId('audit-row-toggle').first().click();
        await page.getByTestId('audit-row-details').waitFor();
        if (locale === 'ar') await expect(page.getByTestId('audit-log').getByRole('heading', { level: 2 }).textContent()).resolves.toBe('سجل التدقيق');
        await noOverflow(page, width);
        await screenshot(page, `audit-log-${width === 390 ? 'phone' : 'desktop'}-${locale}-layout.png`, { fullPage: true });

        await page.goto('/admin/security');
        await page.getByTestId('security-card-score').waitFor(POLL);
        await page.getByTestId('security-audit-row').first().waitFor(POLL);
        if (locale === 'ar') await expect(page.getByTestId('security-center').getByRole('heading', { level: 2 }).textContent()).resolves.toBe('مركز الأمان والتدقيق');
        await noOverflow(page, width);
        await screenshot(page, `security-center-${width === 390 ? 'phone' : 'desktop'}-${locale}.png`, { fullPage: true });
        await page.getByTestId('security-tab-compliance').click();
        await page.getByTestId('compliance-tab').waitFor();
        await noOverflow(page, width);
        await screenshot(page, `security-compliance-${width === 390 ? 'phone' : 'desktop'}-${locale}.png`, { fullPage: true });
        await page.close();
      }
      expect(errors).toEqual([]);
    });
  }
});
