/**
 * Browser test of the Profile tab: a user changes their name (the header follows), sees the session of a
 * second browser, signs it out, changes the password and logs in again with the new one.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserSuite, collectPageErrors, screenshot, submitLogin } from '../../test-support/browser.ts';
import { createAccount, type TestAccount } from '../../test-support/http.ts';

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('profile tab in the browser', () => {
  let account: TestAccount;
  const suite = browserSuite();
  const errors: string[] = [];

  async function newPage(options: { userAgent?: string; width?: number; locale?: string } = {}): Promise<Page> {
    const page = await suite.newPage({ ...options, height: 900 });
    collectPageErrors(page, errors);
    return page;
  }

  const logIn = (page: Page, password: string) => submitLogin(page, account.email, password);

  async function openProfile(page: Page) {
    await page.getByTestId('admin-user-name').waitFor();
    // On a phone the areas are in the drawer behind the header's menu button.
    if (await page.getByTestId('admin-menu').isVisible()) await page.getByTestId('admin-menu').click();
    await page.getByTestId('admin-tab-profile').click();
    await page.getByTestId('profile-tab').waitFor();
  }

  beforeAll(async () => {
    account = await createAccount(suite.app, { userType: 'manager', name: 'Grace Hopper', password: 'first-password-123' });
  });

  it('changes the name, signs out another browser, changes the password and logs in with it', async () => {
    const desk = await newPage();
    await logIn(desk, account.password);
    await openProfile(desk);
    await expect(desk.getByTestId('admin-user-name').textContent()).resolves.toBe('Grace Hopper');

    // Name: saved, and the header (auth.me) follows.
    await expect(desk.getByTestId('profile-name').inputValue()).resolves.toBe('Grace Hopper');
    await desk.getByTestId('profile-name').fill('  Grace B. Hopper ');
    await desk.getByTestId('profile-save').click();
    await desk.getByTestId('profile-info-success').waitFor();
    await expect.poll(() => desk.getByTestId('admin-user-name').textContent()).toBe('Grace B. Hopper');
    await expect(desk.getByTestId('profile-name').inputValue()).resolves.toBe('Grace B. Hopper');

    // The current-password field appears only while the e-mail differs from the account's.
    expect(await desk.getByTestId('profile-current-password').count()).toBe(0);
    await desk.getByTestId('profile-email').fill('grace.new@example.com');
    await desk.getByTestId('profile-current-password').waitFor();
    await desk.getByTestId('profile-save').click();
    await desk.getByText('Please enter your current password.').waitFor();
    await desk.getByTestId('profile-email').fill(account.email);
    await expect.poll(() => desk.getByTestId('profile-current-password').count()).toBe(0);

    // A second browser (a phone) logs in: both sessions are listed, this one marked.
    const phone = await newPage({ userAgent: PHONE_UA, width: 390 });
    await logIn(phone, account.password);
    await openProfile(phone);
    await desk.getByTestId('sessions-refresh').click();
    const rows = desk.getByTestId('session-row');
    await expect.poll(() => rows.count()).toBe(2);
    const current = desk.locator('[data-testid="session-row"][data-current="true"]');
    const other = desk.locator('[data-testid="session-row"][data-current="false"]');
    await expect(current.getByTestId('session-this-device').textContent()).resolves.toBe('This device');
    await expect(other.getByTestId('session-device').textContent()).resolves.toBe('Phone · Safari 17 on iOS 17.0');
    await expect(other.getByTestId('session-last-seen').textContent()).resolves.toMatch(/^Last seen (now|\d+ (second|minute)s? ago)$/);
    await expect(other.getByTestId('session-ip').textContent()).resolves.toMatch(/127\.0\.0\.1/);
    await expect(desk.getByTestId('current-session-device').textContent()).resolves.toContain('Computer');
    await screenshot(desk, 'profile-two-sessions.png', { fullPage: true });
    await screenshot(phone, 'profile-phone.png', { fullPage: true });

    // Sign out the phone: it is gone from the list, and the phone is back at the login.
    await other.getByTestId('session-sign-out').click();
    await desk.getByTestId('sessions-notice').waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    await desk.getByTestId('sessions-only-this').waitFor();
    await phone.reload();
    await phone.getByRole('button', { name: 'Login' }).waitFor();

    // Password: client checks first, then the change.
    await desk.getByTestId('password-currentPassword').fill(account.password);
    await desk.getByTestId('password-newPassword').fill('short');
    await desk.getByTestId('password-confirmPassword').fill('shorter');
    await desk.getByTestId('password-save').click();
    await desk.getByText('Password must be at least 8 characters long').waitFor();
    await desk.getByText('Passwords do not match').waitFor();
    await desk.getByTestId('password-newPassword').fill('second-password-456');
    await desk.getByTestId('password-confirmPassword').fill('second-password-456');
    await desk.getByTestId('password-currentPassword').fill('not-my-password');
    await desk.getByTestId('password-save').click();
    await expect(desk.getByTestId('password-error').textContent()).resolves.toBe('Current password is incorrect');
    await desk.getByTestId('password-currentPassword').fill(account.password);
    await desk.getByTestId('password-save').click();
    await desk.getByTestId('password-success').waitFor();
    await expect(desk.getByTestId('password-newPassword').inputValue()).resolves.toBe('');
    await screenshot(desk, 'profile-password-changed.png', { fullPage: true });

    // Logout from Account Actions, then the old password no longer works and the new one does.
    await desk.getByTestId('profile-logout').click();
    await desk.getByRole('button', { name: 'Login' }).waitFor();
    await logIn(desk, account.password);
    await desk.getByTestId('login-error').waitFor();
    await logIn(desk, 'second-password-456');
    await openProfile(desk);
    await expect(desk.getByTestId('admin-user-name').textContent()).resolves.toBe('Grace B. Hopper');

    // Sign out everywhere asks first, then ends this session too.
    await desk.getByTestId('sign-out-everywhere').click();
    await desk.getByTestId('sign-out-everywhere-dialog').waitFor();
    await screenshot(desk, 'profile-sign-out-everywhere.png');
    await desk.getByTestId('sign-out-everywhere-confirm').click();
    await desk.getByRole('button', { name: 'Login' }).waitFor();
    await desk.reload();
    await desk.getByRole('button', { name: 'Login' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('shows the tab in Arabic, right to left, with Arabic dates', async () => {
    const page = await newPage({ locale: 'ar' });
    await logIn(page, 'second-password-456');
    await page.getByTestId('admin-user-name').waitFor();
    await page.getByTestId('language-switcher-desktop').selectOption('ar');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByTestId('admin-tab-profile').click();
    await page.getByTestId('profile-tab').waitFor();
    await page.getByText('جلساتك النشطة').waitFor();
    await page.getByTestId('session-this-device').waitFor();
    await expect(page.getByTestId('profile-save').textContent()).resolves.toBe('تحديث الملف الشخصي');
    await screenshot(page, 'profile-ar.png', { fullPage: true });
  });
});
