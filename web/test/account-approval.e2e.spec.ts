/**
 * Browser test of an account's life: a visitor registers on /register → cannot log in while awaiting
 * approval → an admin approves it in the Users tab → the user logs in and sees only the tabs a `user` may
 * see → the admin makes it a manager → after a reload the manager's tabs appear, and the Users tab offers
 * the manager only what a manager may do.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, collectPageErrors, screenshot, submitLogin } from '../../test-support/browser.ts';

/** The areas in the admin sidebar (issue 12 §3 replaced the tab row with it). */
const tabNames = (page: Page) => page.locator('[data-testid^="admin-tab-"]').allTextContents();

describe('register → approval → role-based tabs', () => {
  const suite = browserSuite();
  const newcomer = { name: 'Mary Jackson', email: `mary.${Date.now().toString(36)}@example.com`, password: 'wind-tunnel-1958' };

  it('walks an account from registration to the tabs its role allows', async () => {
    const visitor = await suite.newPage();
    const errors = collectPageErrors(visitor);

    // 1. Register.
    await visitor.goto('/register');
    await visitor.getByRole('heading', { name: 'Create Account' }).waitFor();
    await visitor.getByLabel('Full Name').fill(newcomer.name);
    await visitor.getByLabel('Email').fill(newcomer.email);
    await visitor.getByLabel('Password', { exact: true }).fill(newcomer.password);
    await visitor.getByLabel('Confirm Password').fill(newcomer.password);
    await visitor.getByRole('button', { name: 'Create Account' }).click();
    const success = visitor.getByTestId('register-success');
    await success.waitFor();
    await expect(success.textContent()).resolves.toContain(newcomer.name);
    await expect(success.textContent()).resolves.toContain('User');
    await screenshot(visitor, 'account-registered.png');

    // 2. The right password, but the account awaits approval: the login says so.
    await submitLogin(visitor, newcomer.email, newcomer.password);
    await expect(visitor.getByTestId('login-error').textContent()).resolves.toContain('awaiting approval');

    // 3. An admin approves it in the Users tab.
    const admin = await suite.newPage();
    await submitLogin(admin, suite.app.admin.email, suite.app.admin.password);
    await admin.getByTestId('admin-tab-users').click();
    const row = admin.getByTestId(`users-row-${newcomer.email}`);
    await row.waitFor();
    await expect(admin.getByTestId(`users-approval-${newcomer.email}`).textContent()).resolves.toBe('Pending');
    await screenshot(admin, 'account-users-pending.png');
    await admin.getByTestId(`users-approve-${newcomer.email}`).click();
    await expect.poll(() => admin.getByTestId(`users-approval-${newcomer.email}`).textContent()).toBe('Approved');
    await admin.getByTestId(`users-revoke-${newcomer.email}`).waitFor();

    // 4. The user logs in and sees only what a user may see.
    await submitLogin(visitor, newcomer.email, newcomer.password);
    await visitor.getByTestId('admin-user-name').waitFor();
    await expect(visitor.getByTestId('admin-user-role').textContent()).resolves.toBe('User');
    expect(await tabNames(visitor)).toEqual(['Dashboard', 'Customers', 'Pipeline', 'Tasks', 'Profile']);
    await screenshot(visitor, 'account-user-tabs.png');

    // 5. The admin makes it a manager; after a reload the manager's tabs appear.
    await admin.getByTestId(`users-type-${newcomer.email}`).selectOption('manager');
    await expect.poll(() => admin.getByTestId(`users-type-${newcomer.email}`).inputValue()).toBe('manager');
    await visitor.reload();
    await visitor.getByTestId('admin-user-name').waitFor();
    await expect.poll(() => tabNames(visitor)).toEqual(['Dashboard', 'Customers', 'Pipeline', 'Tasks', 'Marketing', 'Bookings', 'Users', 'Profile']);

    // A manager sees no type selectors and no actions on the admin's row.
    await visitor.getByTestId('admin-tab-users').click();
    await visitor.getByTestId(`users-row-${suite.app.admin.email}`).waitFor();
    await expect(visitor.getByTestId(`users-type-badge-${suite.app.admin.email}`).isVisible()).resolves.toBe(true);
    await expect(visitor.getByTestId(`users-deactivate-${suite.app.admin.email}`).count()).resolves.toBe(0);
    await screenshot(visitor, 'account-manager-users.png');
    expect(errors).toEqual([]);
  });
});
