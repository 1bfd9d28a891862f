/**
 * Browser test of login history: a failed login shows up in the Login History tab; Block IP on that row;
 * the next login attempt from that address is refused (all traffic is 127.0.0.1: the admin's existing
 * session keeps working, because a block applies to logins and public POSTs); Export CSV downloads the
 * filtered rows; Unblock lets the login through. Also the login form's throttling message (en and ar).
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserSuite, collectPageErrors, screenshot, submitLogin } from '../../test-support/browser.ts';
import { createAccount, type TestAccount } from '../../test-support/http.ts';

/** Patience for the UI to follow the server (another test file may be building or loading the machine). */
const POLL = { timeout: 10_000 };

describe('login history in the browser', () => {
  let person: TestAccount;
  let throttled: TestAccount;
  const suite = browserSuite({ app: { env: { LOGIN_FREE_ATTEMPTS: '2', LOGIN_BASE_DELAY_MS: '10000', LOGIN_MAX_DELAY_SECONDS: '30' } } });

  async function newPage() {
    // UTC: the machines' own zone, which these contexts used before they came from contextFactory.
    const page = await suite.newPage({ width: 1360, height: 900, timezoneId: 'UTC', acceptDownloads: true });
    return { page, errors: collectPageErrors(page) };
  }

  const shot = (page: Page, name: string) => screenshot(page, name, { fullPage: true });

  beforeAll(async () => {
    // Throttling after 2 free failures with a 10 s first delay, so the login form's message is stable to read.
    person = await createAccount(suite.app, { name: 'Grace Hopper', email: `grace.${Date.now().toString(36)}@example.com` });
    throttled = await createAccount(suite.app, { name: 'Alan Turing', email: `alan.${Date.now().toString(36)}@example.com` });
  });

  it('shows a failed login in Login History, blocks its IP, refuses the next login from it, exports CSV, and unblocks', async () => {
    // 1. Someone types a wrong password for Grace.
    const stranger = await newPage();
    await submitLogin(stranger.page, person.email, 'not-her-password');
    await expect.poll(() => stranger.page.getByTestId('login-error').textContent(), POLL).toBe('Invalid email or password');

    // 2. The admin opens Login History: the failed attempt is there.
    const admin = await newPage();
    await submitLogin(admin.page, suite.app.admin.email, suite.app.admin.password);
    await admin.page.getByTestId('admin-user-name').waitFor();
    await admin.page.getByTestId('admin-tab-loginHistory').click();
    await admin.page.getByTestId('login-history-table').waitFor();
    await admin.page.getByTestId('login-history-search').fill(person.email);
    const failedRow = admin.page.locator('[data-testid="login-history-row"][data-status="failed"]');
    await expect.poll(() => failedRow.count(), POLL).toBe(1);
    await expect(failedRow.getByTestId('login-ip').textContent()).resolves.toBe('127.0.0.1');
    await expect(failedRow.getByTestId('login-reasons').textContent()).resolves.toBe('Wrong password');
    await expect(admin.page.getByTestId('login-tile-failed').textContent()).resolves.toContain('1');
    await admin.page.getByTestId('login-attempts-chart').waitFor();
    await admin.page.getByTestId('login-history-search').fill('');
    // Back to the unfiltered list, which the tab loaded right after the admin's login (perhaps before that login
    // was projected): Refresh, as a person would, until the admin's own login is listed too.
    await expect
      .poll(async () => {
        await admin.page.getByTestId('login-history-refresh').click();
        return admin.page.getByTestId('login-history-row').count();
      }, POLL)
      .toBeGreaterThanOrEqual(2);
    await shot(admin.page, 'login-history-en.png');

    // 3. Block IP on that row: toast, the row says Blocked, the panel lists the address.
    await admin.page.getByTestId('login-history-search').fill(person.email);
    await expect.poll(() => admin.page.getByTestId('login-history-row').count(), POLL).toBe(1);
    await failedRow.getByTestId('login-block-ip').click();
    const toast = admin.page.getByTestId('security-toast');
    await expect.poll(() => toast.textContent(), POLL).toContain('IP Blocked');
    await expect(toast.textContent()).resolves.toContain('IP address 127.0.0.1 has been blocked');
    await admin.page.locator('[data-testid="blocked-ip-row"][data-ip="127.0.0.1"]').waitFor();
    await failedRow.getByTestId('login-ip-blocked').waitFor();
    await shot(admin.page, 'login-history-blocked.png');

    // 4. The next attempt from that address is refused, even with the right password.
    await submitLogin(stranger.page, person.email, person.password);
    await expect
      .poll(() => stranger.page.getByTestId('login-error').textContent(), POLL)
      .toBe('Access from your network address has been blocked. Contact the administrator.');
    await shot(stranger.page, 'login-ip-blocked.png');

    // 5. The admin's session keeps working: Refresh shows the refused attempt.
    await admin.page.getByTestId('login-history-refresh').click();
    await expect.poll(() => admin.page.getByTestId('login-history-row').count(), POLL).toBe(2);
    await expect(admin.page.getByTestId('login-reasons').first().textContent()).resolves.toBe('Blocked address');

    // 6. Export CSV of the current filters: the spec's file name and columns.
    const [download] = await Promise.all([admin.page.waitForEvent('download'), admin.page.getByTestId('login-history-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^login-history-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await download.path())!, 'utf8');
    // A UTF-8 BOM first, so spreadsheet programs read the file as UTF-8.
    expect(text.startsWith('\ufeff')).toBe(true);
    const csv = text.slice(1).trimEnd().split('\r\n');
    expect(csv[0]).toBe('Date,User,Email,IP Address,Location,Device,Browser,Status,Duration');
    expect(csv).toHaveLength(3);
    expect(csv.every((line, i) => i === 0 || line.includes(person.email))).toBe(true);
    await expect.poll(() => toast.textContent(), POLL).toContain('Export Successful');

    // 7. Unblock: the panel empties and the login goes through.
    await admin.page.locator('[data-testid="blocked-ip-row"][data-ip="127.0.0.1"]').getByTestId('unblock-ip').click();
    await admin.page.getByTestId('blocked-ips-empty').waitFor();
    await expect.poll(() => toast.textContent(), POLL).toContain('IP address 127.0.0.1 has been unblocked');
    await submitLogin(stranger.page, person.email, person.password);
    await stranger.page.getByTestId('admin-user-name').waitFor();
    expect([...stranger.errors, ...admin.errors]).toEqual([]);
  });

  it('tells the user how long to wait when failed logins are throttled, in their language', async () => {
    const { page } = await newPage();
    for (let i = 0; i < 3; i++) {
      await submitLogin(page, throttled.email, 'wrong-password');
      await expect.poll(() => page.getByTestId('login-error').textContent(), POLL).toBe('Invalid email or password');
    }
    await submitLogin(page, throttled.email, throttled.password);
    await expect.poll(() => page.getByTestId('login-error').textContent(), POLL).toMatch(/^Too many failed attempts\. Try again in \d+ s\.$/);
    await shot(page, 'login-throttled-en.png');
    await page.getByTestId('language-switcher-desktop').selectOption('ar');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await expect.poll(() => page.getByTestId('login-error').textContent(), POLL).toMatch(/^محاولات فاشلة كثيرة جدًا\. أعد المحاولة بعد \d+ ث\.$/);
    await shot(page, 'login-throttled-ar.png');
  });

  it('shows the tab in Arabic, right to left', async () => {
    const { page, errors } = await newPage();
    await submitLogin(page, suite.app.admin.email, suite.app.admin.password);
    await page.getByTestId('admin-user-name').waitFor();
    await page.getByTestId('language-switcher-desktop').selectOption('ar');
    await page.getByTestId('admin-tab-loginHistory').click();
    await expect.poll(() => page.getByTestId('login-history-row').count(), POLL).toBeGreaterThan(0);
    await page.getByRole('heading', { name: 'سجل تسجيلات الدخول' }).waitFor();
    await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
    await shot(page, 'login-history-ar.png');
    expect(errors).toEqual([]);
  });
});
