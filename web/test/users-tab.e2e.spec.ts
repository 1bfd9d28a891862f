/**
 * Browser test of the Users tab (spec 01 §2): counters, filters, approve/revoke, activate/deactivate, the
 * inline type selector, what each role is shown, and 'Failed to update user' in the error banner.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserSuite, screenshot } from '../../test-support/browser.ts';
import { createAccount, loginToken, rest, type TestAccount } from '../../test-support/http.ts';

describe('Users tab in the browser', () => {
  const suite = browserSuite();
  let manager: TestAccount;
  let pending: TestAccount;
  let staff: TestAccount;
  const errors: string[] = [];

  async function logIn(account: { email: string; password: string }, locale?: string) {
    const page = await suite.openAs(account, '/admin/users', errors, locale ? { locale } : {});
    page.setDefaultTimeout(30_000);
    await page.getByTestId('users-table').waitFor();
    return page;
  }

  const row = (page: Page, email: string) => page.getByTestId(`users-row-${email}`);

  beforeAll(async () => {
    manager = await createAccount(suite.app, { userType: 'manager', name: 'Mona Manager' });
    staff = await createAccount(suite.app, { userType: 'manager', name: 'Sam Staff' });
    pending = await createAccount(suite.app, { approved: false, name: 'Penny Pending' });
  });

  it('an admin approves, deactivates and retypes accounts; the list and counters follow', async () => {
    const page = await logIn(suite.app.admin);
    await row(page, pending.email).waitFor();
    await expect.poll(() => page.getByTestId('users-counter-total').textContent()).toContain('4');
    expect(await page.getByTestId('users-counter-pending').textContent()).toContain('1');
    expect(await page.getByTestId(`users-approval-${pending.email}`).textContent()).toBe('Pending');
    await screenshot(page, 'users-tab-admin.png', { fullPage: true });

    // Own row: no actions, the type as a badge.
    await expect(row(page, suite.app.admin.email).getByRole('button').count()).resolves.toBe(0);
    await expect(page.getByTestId(`users-type-badge-${suite.app.admin.email}`).isVisible()).resolves.toBe(true);

    await page.getByTestId(`users-approve-${pending.email}`).click();
    await expect.poll(() => page.getByTestId(`users-approval-${pending.email}`).textContent()).toBe('Approved');
    await page.getByTestId(`users-revoke-${pending.email}`).waitFor();
    await expect.poll(() => page.getByTestId('users-counter-pending').textContent()).toContain('0');

    await page.getByTestId(`users-deactivate-${pending.email}`).click();
    await expect.poll(() => page.getByTestId(`users-activity-${pending.email}`).textContent()).toBe('Inactive');
    await expect.poll(() => page.getByTestId('users-counter-inactive').textContent()).toContain('1');
    await page.getByTestId(`users-activate-${pending.email}`).click();
    await expect.poll(() => page.getByTestId(`users-activity-${pending.email}`).textContent()).toBe('Active');

    await page.getByTestId(`users-type-${staff.email}`).selectOption('user');
    await expect.poll(() => page.getByTestId(`users-type-${staff.email}`).inputValue()).toBe('user');
    await page.reload();
    await page.getByTestId('admin-tab-users').click();
    await expect.poll(() => page.getByTestId(`users-type-${staff.email}`).inputValue()).toBe('user');
    expect(await page.getByTestId(`users-approval-${pending.email}`).textContent()).toBe('Approved');
  });

  it('filters on the server; Reset brings everyone back; the empty text says the filters match nobody', async () => {
    const page = await logIn(suite.app.admin);
    await row(page, pending.email).waitFor();
    await page.getByTestId('users-filter-userType').selectOption('manager');
    await expect.poll(() => page.locator('[data-testid^="users-row-"]').count()).toBe(1);
    await row(page, manager.email).waitFor();
    expect(await page.getByTestId('users-counter-total').textContent()).toContain('Filtered Results');
    await page.getByTestId('users-filter-search').fill('nobody-here');
    await expect.poll(() => page.getByTestId('users-empty').textContent()).toBe('No users match the current filters');
    await page.getByTestId('users-filters-reset').click();
    await expect.poll(() => page.locator('[data-testid^="users-row-"]').count()).toBe(4);
    expect(await page.getByTestId('users-counter-total').textContent()).toContain('Total Users');
    await page.getByTestId('users-filter-sortBy').selectOption('email');
    // The previous rows stay on screen while the sorted page loads: wait for the order itself.
    const shownEmails = () =>
      page.locator('[data-testid^="users-row-"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')!.slice('users-row-'.length)));
    const expected = [suite.app.admin.email, manager.email, staff.email, pending.email].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
    await expect.poll(shownEmails).toEqual(expected);
  });

  it('a manager sees actions on user rows only, types as badges; a refused change shows "Failed to update user"', async () => {
    const page = await logIn(manager);
    await row(page, pending.email).waitFor();
    await expect(page.locator('[data-testid^="users-type-"]:not([data-testid^="users-type-badge-"])').count()).resolves.toBe(0);
    await expect(row(page, suite.app.admin.email).getByRole('button').count()).resolves.toBe(0);
    await expect(row(page, manager.email).getByRole('button').count()).resolves.toBe(0);
    await page.getByTestId(`users-revoke-${pending.email}`).waitFor();
    await screenshot(page, 'users-tab-manager.png', { fullPage: true });

    // Meanwhile an admin promotes the account: the manager's click is refused by the server.
    const token = await loginToken(suite.app, suite.app.admin);
    const promoted = await rest(suite.app, '/api/admin/users', { method: 'PUT', token, json: { userId: pending.id, action: 'changeType', value: 'manager' } });
    expect(promoted.status).toBe(200);
    await page.getByTestId(`users-deactivate-${pending.email}`).click();
    const banner = page.getByTestId('error-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Failed to update user');
    // The list reloads only on success: the row is unchanged.
    expect(await page.getByTestId(`users-activity-${pending.email}`).textContent()).toBe('Active');
  });

  it('reads in Arabic, right to left', async () => {
    const page = await logIn(suite.app.admin);
    await page.getByTestId('language-switcher-desktop').selectOption('ar');
    await expect.poll(() => page.getByTestId('users-counter-total').textContent()).toContain('إجمالي المستخدمين');
    await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
    await screenshot(page, 'users-tab-ar.png', { fullPage: true });
    expect(errors).toEqual([]);
  });
});
