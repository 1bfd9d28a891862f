/**
 * Browser test of the Security Center's Security Alerts and Access Control tabs (issue 14): five wrong passwords on
 * an account raise a brute force alert, shown as a card with its Details (the related events, linked to the audit
 * log) and resolved with a note ('Alert Resolved' toast); Access Control lists accounts with role, sessions, risk
 * bar and status, and Suspend refuses the account's next login. English and Arabic, desktop (1280) and phone (390);
 * screenshots under the test artifacts.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserSuite, screenshot, type NewPageOptions } from '../../test-support/browser.ts';
import { createAccount, loginToken, rest, type TestAccount } from '../../test-support/http.ts';

const POLL = { timeout: 20_000 };

describe('Security Alerts and Access Control in the browser', () => {
  const suite = browserSuite();
  const errors: string[] = [];
  let victim: TestAccount;
  let target: TestAccount;

  const open = (url: string, options: NewPageOptions = {}) => suite.openAsAdmin(url, errors, options);
  const toastText = (page: Page) => page.getByTestId('app-toast').allTextContents().then((all) => all.join(' | '));
  const toArabic = async (page: Page) => {
    await page.getByTestId('language-switcher-desktop').selectOption('ar');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  };
  const noOverflow = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  beforeAll(async () => {
    victim = await createAccount(suite.app, { name: 'Victor Victim', email: 'victor@example.com' });
    target = await createAccount(suite.app, { name: 'Sam Suspect', email: 'sam@example.com' });
    await loginToken(suite.app, target);
    for (let i = 0; i < 5; i++) {
      const res = await rest(suite.app, '/api/admin/login', { method: 'POST', json: { email: victim.email, password: `guess-${i}` } });
      expect(res.status).toBe(401);
    }
    const token = await loginToken(suite.app, suite.app.admin);
    for (let i = 0; i < 200; i++) {
      if (((await rest(suite.app, '/api/admin/security/alerts', { token })).body.data as unknown[]).length > 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  it('shows the brute force alert as a card, its details and related events, and resolves it with a note', async () => {
    const page = await open('/admin/security?tab=alerts', { width: 1280, height: 1000 });
    const card = page.locator('[data-testid="security-alert-card"][data-type="brute_force"]');
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain('Brute force attack');
    // The e-mail is isolated in its own direction inside the sentence (U+2068 … U+2069).
    await expect(card.textContent()).resolves.toContain('5 failed logins on \u2068victor@example.com\u2069 within 15 minutes.');
    await expect(card.getByTestId('security-alert-severity').textContent()).resolves.toBe('High');
    await expect(card.getByTestId('security-alert-status').textContent()).resolves.toBe('Open');
    await screenshot(page, 'security-alerts-desktop-en.png', { fullPage: true });

    await card.getByTestId('security-alert-details').click();
    const dialog = page.getByTestId('security-alert-dialog');
    await dialog.waitFor();
    const links = dialog.getByTestId('security-alert-related').getByRole('link');
    await expect.poll(() => links.count()).toBe(5);
    await expect(links.first().getAttribute('href')).resolves.toMatch(/^\/admin\/audit-log\?search=[0-9a-f-]{36}$/);
    await screenshot(page, 'security-alert-details-desktop-en.png');
    await page.getByTestId('security-alert-dialog-close').click();
    await dialog.waitFor({ state: 'hidden' });

    await card.getByTestId('security-alert-resolve').click();
    await page.getByTestId('security-alert-action-note').fill('Owner confirmed; password changed');
    await page.getByTestId('security-alert-action-confirm').click();
    await expect.poll(() => toastText(page), POLL).toContain('Alert Resolved');
    await expect(toastText(page)).resolves.toContain('Security alert has been marked as resolved.');
    await expect.poll(() => card.getAttribute('data-status'), POLL).toBe('resolved');
    await expect(card.getByTestId('security-alert-resolve').count()).resolves.toBe(0);
    // The status filter: open alerts no longer list it.
    await page.getByTestId('security-alerts-status').selectOption('open');
    await expect.poll(() => page.locator('[data-testid="security-alert-card"][data-type="brute_force"]').count(), POLL).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens an alert’s details from a link (?tab=alerts&alert=<id>, the alert mail’s link)', async () => {
    const token = await loginToken(suite.app, suite.app.admin);
    const alerts = (await rest(suite.app, '/api/admin/security/alerts', { token })).body.data as { id: string; type: string }[];
    const alert = alerts.find((a) => a.type === 'brute_force')!;
    const page = await open(`/admin/security?tab=alerts&alert=${alert.id}`, { width: 1280, height: 1000 });
    const dialog = page.getByTestId('security-alert-dialog');
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain('Brute force attack');
    await page.getByTestId('security-alert-dialog-close').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => location.search)).toBe('?tab=alerts');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lists accounts in Access Control and Suspend refuses the account’s next login', async () => {
    const page = await open('/admin/security?tab=access', { width: 1280, height: 1000 });
    const row = page.locator(`[data-testid="access-row"][data-user-id="${target.id}"]`);
    await row.waitFor();
    await expect(row.getByTestId('access-status').textContent()).resolves.toBe('Active');
    await expect(row.getByTestId('access-sessions').textContent()).resolves.toBe('1');
    const victimRow = page.locator(`[data-testid="access-row"][data-user-id="${victim.id}"]`);
    // Five failures in 7 days (15 points), its alert resolved: green.
    await expect(victimRow.getByTestId('access-risk-score').textContent()).resolves.toBe('15');
    await expect(victimRow.getByTestId('access-risk-bar').getAttribute('data-band')).resolves.toBe('green');
    await screenshot(page, 'security-access-desktop-en.png', { fullPage: true });

    await row.getByTestId('access-suspend').click();
    await page.getByTestId('access-action-note').fill('Under investigation');
    await page.getByTestId('access-action-confirm').click();
    await expect.poll(() => toastText(page), POLL).toContain('Account suspended.');
    await expect.poll(() => row.getAttribute('data-status'), POLL).toBe('suspended');
    await expect(row.getByTestId('access-sessions').textContent()).resolves.toBe('0');
    const refused = await rest(suite.app, '/api/admin/login', { method: 'POST', json: { email: target.email, password: target.password } });
    expect(refused.status).toBe(403);
    await row.getByTestId('access-reinstate').click();
    await page.getByTestId('access-action-confirm').click();
    await expect.poll(() => row.getAttribute('data-status'), POLL).toBe('active');
    expect(errors).toEqual([]);
    await page.close();
  });

  for (const locale of ['en', 'ar'] as const) {
    it(`fits a desktop and a phone without horizontal overflow (${locale})`, async () => {
      for (const width of [1280, 390]) {
        const page = await open('/admin/security?tab=alerts', { width, height: 900 });
        if (locale === 'ar') await toArabic(page);
        await page.getByTestId('security-alerts-tab').waitFor();
        await page.getByTestId('security-alert-card').first().waitFor();
        if (locale === 'ar') await expect.poll(() => page.locator('[data-testid="security-alert-card"][data-type="brute_force"]').textContent()).toContain('هجوم القوة الغاشمة');
        await noOverflow(page, width);
        await screenshot(page, `security-alerts-${width === 390 ? 'phone' : 'desktop'}-${locale}.png`, { fullPage: true });
        await page.goto('/admin/security?tab=access');
        const list = page.getByTestId(width === 390 ? 'access-cards' : 'access-table');
        await list.waitFor();
        if (locale === 'ar') await expect.poll(() => list.textContent()).toContain('درجة الخطر');
        await noOverflow(page, width);
        await screenshot(page, `security-access-${width === 390 ? 'phone' : 'desktop'}-${locale}.png`, { fullPage: true });
        await page.close();
      }
      expect(errors).toEqual([]);
    });
  }
});
