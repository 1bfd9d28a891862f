/**
 * Browser test of the Security Center's Security Policies tab (issue 14): the four policy cards; View Rules; Edit
 * the password policy (the server then refuses a password shorter than the new minimum); the allow list's
 * self-lockout guard shown in the dialog, then saved with "Add my address"; screenshots in English and Arabic on a
 * desktop (1280) and a phone (390).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, collectPageErrors, screenshot, type NewPageOptions } from '../../test-support/browser.ts';
import { loginToken, rest } from '../../test-support/http.ts';

const POLL = { timeout: 15_000 };

describe('Security Policies tab in the browser', () => {
  const suite = browserSuite();
  const errors: string[] = [];

  async function open(options: NewPageOptions = {}): Promise<Page> {
    const page = await suite.openAsAdmin('/admin/security?tab=policies', errors, options);
    await page.getByTestId('policies-tab').waitFor();
    return page;
  }
  const shot = (page: Page, name: string) => screenshot(page, name, { fullPage: true });

  it('shows the four policies, their rules, and edits the password policy, which the server then enforces', async () => {
    const page = await open({ width: 1280, height: 1000 });
    for (const kind of ['password', 'session', 'mfa', 'adminIpAllowList']) await page.getByTestId(`policy-card-${kind}`).waitFor();
    await expect(page.getByTestId('policy-rules-password').textContent()).resolves.toContain('Minimum length: 8 characters');
    await expect(page.getByTestId('policy-status-adminIpAllowList').textContent()).resolves.toBe('Off');
    await shot(page, 'security-policies-desktop-en.png');

    await page.getByTestId('policy-view-session').click();
    const rules = page.getByTestId('policy-rules-dialog');
    await rules.waitFor();
    await expect(rules.textContent()).resolves.toContain('Ends after 30 minutes unused');
    await rules.getByRole('button', { name: 'Close' }).click();
    await rules.waitFor({ state: 'detached' });

    await page.getByTestId('policy-edit-password').click();
    const dialog = page.getByTestId('policy-edit-dialog');
    await dialog.waitFor();
    await dialog.locator('input[name="minLength"]').fill('14');
    await shot(page, 'security-policies-edit-en.png');
    await dialog.getByTestId('policy-save').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('policy-rules-password').textContent(), POLL).toContain('Minimum length: 14 characters');

    // Enforced: a 13-character password is refused at registration, naming the field.
    const registered = await rest(suite.app, '/api/auth/register', { method: 'POST', json: { name: 'Ada', email: 'ada.policy@example.com', password: 'thirteen-char' } });
    expect(registered.status).toBe(400);
    expect(registered.body.errors.password).toEqual(['must be at least 14 characters']);

    // The register page says why, in the reader's language: the raised minimum, then a common password.
    const visitor = await suite.newPage({ width: 1280, height: 900 });
    collectPageErrors(visitor, errors);
    const registerWith = async (password: string) => {
      await visitor.goto('/register');
      await visitor.locator('input[name="name"]').fill('Ada Lovelace');
      await visitor.locator('input[name="email"]').fill('ada.form@example.com');
      await visitor.locator('input[name="password"]').fill(password);
      await visitor.locator('input[name="confirmPassword"]').fill(password);
      await visitor.locator('form button[type="submit"]').click();
      return visitor.getByTestId('register-error');
    };
    await expect.poll(async () => (await registerWith('thirteen-char')).textContent(), POLL).toBe('At least 14 characters');
    await expect
      .poll(async () => (await registerWith('passwordpassword')).textContent(), POLL)
      .toBe('This password is too common: it is on a list of the passwords used most often. Choose another.');
    await screenshot(visitor, 'security-policies-register-common-en.png');

    // A value out of range is refused under its field, and nothing changes.
    await page.getByTestId('policy-edit-password').click();
    await dialog.waitFor();
    await dialog.locator('input[name="minLength"]').fill('6');
    await dialog.getByTestId('policy-save').click();
    await dialog.getByTestId('policy-error-minLength').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('refuses an allow list that would lock the admin out, then saves it with the admin’s own address', async () => {
    const page = await open({ width: 1280, height: 1000 });
    await page.getByTestId('policy-edit-adminIpAllowList').click();
    const dialog = page.getByTestId('policy-edit-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('policy-allow-list-enabled').click();
    await dialog.locator('textarea[name="entries"]').fill('10.0.0.0/8');
    await dialog.getByTestId('policy-save').click();
    await expect.poll(() => dialog.getByTestId('policy-refusal').textContent(), POLL).toBe('The list does not include your own address: saving it would lock you out.');
    await shot(page, 'security-policies-lockout-guard-en.png');

    await dialog.getByTestId('policy-add-your-ip').click();
    await expect(dialog.locator('textarea[name="entries"]').inputValue()).resolves.toBe('10.0.0.0/8\n127.0.0.1');
    await dialog.getByTestId('policy-save').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('policy-status-adminIpAllowList').textContent(), POLL).toBe('Enforced');
    await expect(page.getByTestId('policy-rules-adminIpAllowList').textContent()).resolves.toContain('127.0.0.1');

    const token = await loginToken(suite.app, suite.app.admin);
    const policies = await rest(suite.app, '/api/admin/security/policies', { token });
    expect(policies.body.data.policies.adminIpAllowList).toEqual({ enabled: true, entries: ['10.0.0.0/8', '127.0.0.1'] });
    expect(errors).toEqual([]);
  });

  it('reads in Arabic, right to left, on a desktop and a phone; and in English on a phone', async () => {
    for (const locale of ['ar', 'en'] as const) {
      for (const width of locale === 'ar' ? [1280, 390] : [390]) {
        const page = await open({ width, height: width === 390 ? 844 : 1000, ...(width === 390 ? { hasTouch: true } : {}) });
        if (locale === 'ar') {
          await page.getByTestId('language-switcher-desktop').selectOption('ar');
          await expect.poll(() => page.getByTestId('policy-card-password').textContent(), POLL).toContain('سياسة كلمات المرور');
          await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
        }
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(1);
        await shot(page, `security-policies-${width === 390 ? 'phone' : 'desktop'}-${locale}.png`);
        if (locale === 'ar' && width === 1280) {
          await page.getByTestId('policy-edit-session').click();
          await page.getByTestId('policy-edit-dialog').waitFor();
          await shot(page, 'security-policies-edit-ar.png');
        }
      }
    }
    expect(errors).toEqual([]);
  });
});
