/**
 * Browser tests of two-step verification: enrolment in the Profile area (QR code and key, a wrong then the right
 * first code, the recovery codes once), the login's second step with a TOTP code computed here from the key the
 * page showed, a recovery code on a phone in Arabic, and the enrolment a policy requires at login. Screenshots at
 * desktop and phone sizes, in English and Arabic.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, browserSuite, collectPageErrors, screenshot, submitLogin } from '../../test-support/browser.ts';
import { createAccount, loginToken, rest, type TestAccount } from '../../test-support/http.ts';
import { totpCode } from '../../test-support/totp.ts';

describe('two-step verification in the browser', () => {
  const suite = browserSuite();
  const errors: string[] = [];
  let account: TestAccount;
  let secret = '';
  let recoveryCodes: string[] = [];

  async function newPage(options: { width?: number; locale?: string } = {}): Promise<Page> {
    const page = await suite.newPage({ ...options, height: 900 });
    collectPageErrors(page, errors);
    return page;
  }

  async function openProfile(page: Page) {
    await page.getByTestId('admin-user-name').waitFor();
    if (await page.getByTestId('admin-menu').isVisible()) await page.getByTestId('admin-menu').click();
    await page.getByTestId('admin-tab-profile').click();
    await page.getByTestId('profile-mfa').waitFor();
  }

  /** Logs in with the form's fields by name (their labels change with the language). */
  async function typeLogin(page: Page, email: string, password: string) {
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('form button[type="submit"]').click();
  }

  const shot = (page: Page, name: string) => screenshot(page, name, { fullPage: true });

  beforeAll(async () => {
    account = await createAccount(suite.app, { name: 'Ada Lovelace', password: 'analytical-engine-1843' });
  });

  it('sets it up in the Profile area: QR code and key, a wrong code refused, the right one turns it on and shows ten recovery codes once', async () => {
    const page = await newPage();
    await submitLogin(page, account.email, account.password);
    await openProfile(page);
    const card = page.getByTestId('profile-mfa');
    await expect(card.getByTestId('mfa-status').textContent()).resolves.toBe('Off');
    await card.getByTestId('mfa-start').click();
    await card.getByTestId('mfa-qr').waitFor();
    secret = (await card.getByTestId('mfa-secret-text').getAttribute('data-secret'))!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // The QR image loaded (an SVG data URL, allowed by the CSP's img-src).
    await expect.poll(() => card.getByTestId('mfa-qr').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'mfa-enrol-desktop-en.png');

    const wrong = totpCode(secret) === '000000' ? '111111' : '000000';
    await card.getByTestId('mfa-enrol-code').fill(wrong);
    await card.getByTestId('mfa-enrol-confirm').click();
    await expect(card.getByTestId('mfa-error').textContent()).resolves.toContain('That code is not valid');

    await card.getByTestId('mfa-enrol-code').fill(totpCode(secret));
    await card.getByTestId('mfa-enrol-confirm').click();
    await card.getByTestId('mfa-recovery-codes').waitFor();
    recoveryCodes = await card.getByTestId('mfa-recovery-code').allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    await shot(page, 'mfa-recovery-codes-desktop-en.png');
    await card.getByTestId('mfa-recovery-done').click();
    await expect.poll(() => card.getByTestId('mfa-status').textContent()).toBe('On');
    await expect(card.getByTestId('mfa-remaining').textContent()).resolves.toBe('Recovery codes left: 10');
    // Shown once: after a reload only the count remains.
    await page.reload();
    await openProfile(page);
    expect(await page.getByTestId('mfa-recovery-code').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('logs in with the code an authenticator would show (computed here), after refusing a wrong one', async () => {
    const page = await newPage();
    await submitLogin(page, account.email, account.password);
    const step = page.getByTestId('mfa-login-step');
    await step.waitFor();
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await shot(page, 'mfa-login-desktop-en.png');
    await page.getByTestId('mfa-login-code').fill(totpCode(secret, new Date(), 9));
    await page.getByTestId('mfa-login-submit').click();
    await expect(page.getByTestId('mfa-login-error').textContent()).resolves.toContain('That code is not valid');
    // The enrolment used this step's code: the next step's (within the accepted drift) logs in.
    await page.getByTestId('mfa-login-code').fill(totpCode(secret, new Date(), 1));
    await page.getByTestId('mfa-login-submit').click();
    await expect.poll(() => page.getByTestId('admin-user-name').textContent()).toBe('Ada Lovelace');
    expect(errors).toEqual([]);
  });

  it('on a phone in Arabic: the second step right to left, and a recovery code logs in once', async () => {
    const page = await newPage({ width: 390, locale: 'ar' });
    await page.goto('/admin');
    await page.locator('input[name="email"]').waitFor();
    await page.getByTestId('language-switcher-desktop').selectOption('ar');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await typeLogin(page, account.email, account.password);
    await page.getByTestId('mfa-login-step').waitFor();
    await page.getByRole('heading', { name: 'التحقق بخطوتين' }).waitFor();
    await shot(page, 'mfa-login-phone-ar.png');
    await page.getByTestId('mfa-login-code').fill(recoveryCodes[0]!);
    await page.getByTestId('mfa-login-submit').click();
    await page.getByTestId('admin-user-name').waitFor();

    // The same recovery code a second time is refused, in Arabic.
    const again = await newPage({ width: 390 });
    await again.goto('/admin');
    await again.locator('input[name="email"]').waitFor();
    await again.getByTestId('language-switcher-desktop').selectOption('ar');
    await typeLogin(again, account.email, account.password);
    await again.getByTestId('mfa-login-code').fill(recoveryCodes[0]!);
    await again.getByTestId('mfa-login-submit').click();
    await expect(again.getByTestId('mfa-login-error').textContent()).resolves.toContain('هذا الرمز غير صالح');

    // The Profile card in Arabic on the phone: on, nine recovery codes left.
    await openProfile(page);
    await expect.poll(() => page.getByTestId('mfa-status').textContent()).toBe('مفعّل');
    await expect(page.getByTestId('mfa-remaining').textContent()).resolves.toBe('رموز الاسترداد المتبقية: 9');
    await page.getByTestId('profile-mfa').scrollIntoViewIfNeeded();
    await shot(page, 'mfa-profile-phone-ar.png');
    expect(errors).toEqual([]);
  });

  it('has no accessibility violations on the second step, the set-up card and the recovery codes', async () => {
    const describeAll = async (page: Page, include?: string[]) => (await axeViolations(page, include ? { include } : {})).map((v) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(v.targets.slice(0, 3))}`);
    // bypassCSP only to inject axe. In the Profile tab only the card is checked (the tab's other cards are tested elsewhere).
    const card = ['[data-testid="profile-mfa"]'];
    const page = await suite.newPage({ bypassCSP: true, height: 900 });
    await submitLogin(page, account.email, account.password);
    await page.getByTestId('mfa-login-step').waitFor();
    expect((await describeAll(page)).join('\n')).toBe('');
    await page.getByTestId('mfa-login-code').fill(recoveryCodes[1]!);
    await page.getByTestId('mfa-login-submit').click();
    await openProfile(page);
    await page.getByTestId('mfa-regenerate').click();
    await page.getByTestId('mfa-action-code').waitFor();
    expect((await describeAll(page, card)).join('\n')).toBe('');

    const other = await createAccount(suite.app, { name: 'Hedy Lamarr', password: 'frequency-hopping-1942' });
    const fresh = await suite.newPage({ bypassCSP: true, height: 900 });
    await submitLogin(fresh, other.email, other.password);
    await openProfile(fresh);
    await fresh.getByTestId('mfa-start').click();
    await fresh.getByTestId('mfa-qr').waitFor();
    expect((await describeAll(fresh, card)).join('\n')).toBe('');
    const key = (await fresh.getByTestId('mfa-secret-text').getAttribute('data-secret'))!;
    await fresh.getByTestId('mfa-enrol-code').fill(totpCode(key));
    await fresh.getByTestId('mfa-enrol-confirm').click();
    await fresh.getByTestId('mfa-recovery-codes').waitFor();
    // The pointer rests where Verify was, now over the Done button: its hover colour is not what is checked.
    await fresh.mouse.move(0, 0);
    expect((await describeAll(fresh, card)).join('\n')).toBe('');
  });

  it('makes new recovery codes with a code, and turns it off with the password and a code', async () => {
    const page = await newPage();
    await submitLogin(page, account.email, account.password);
    await page.getByTestId('mfa-login-code').fill(recoveryCodes[2]!);
    await page.getByTestId('mfa-login-submit').click();
    await openProfile(page);
    const card = page.getByTestId('profile-mfa');
    await expect(card.getByTestId('mfa-remaining').textContent()).resolves.toBe('Recovery codes left: 7');

    await card.getByTestId('mfa-regenerate').click();
    await card.getByTestId('mfa-action-code').fill(recoveryCodes[3]!);
    await card.getByTestId('mfa-action-submit').click();
    await card.getByTestId('mfa-recovery-codes').waitFor();
    const fresh = await card.getByTestId('mfa-recovery-code').allTextContents();
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => recoveryCodes.includes(c))).toEqual([]);
    await card.getByTestId('mfa-recovery-done').click();
    await expect.poll(() => card.getByTestId('mfa-remaining').textContent()).toBe('Recovery codes left: 10');

    await card.getByTestId('mfa-disable').click();
    await card.getByTestId('mfa-disable-password').fill('not-the-password');
    await card.getByTestId('mfa-action-code').fill(fresh[0]!);
    await card.getByTestId('mfa-action-submit').click();
    await expect(card.getByTestId('mfa-error').textContent()).resolves.toBe('Current password is incorrect');
    await card.getByTestId('mfa-disable-password').fill(account.password);
    await card.getByTestId('mfa-action-submit').click();
    await expect.poll(() => card.getByTestId('mfa-status').textContent()).toBe('Off');
    await expect(card.getByTestId('mfa-notice').textContent()).resolves.toBe('Two-step verification is off.');
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'mfa-disabled-desktop-en.png');

    // The next login has one step again.
    const next = await newPage();
    await submitLogin(next, account.email, account.password);
    await expect.poll(() => next.getByTestId('admin-user-name').textContent()).toBe('Ada Lovelace');
    expect(errors).toEqual([]);
  });

  it('sets it up in the Profile area on a phone in Arabic (screenshots)', async () => {
    const other = await createAccount(suite.app, { name: 'Grace Hopper', password: 'cobol-compiler-1959' });
    const page = await newPage({ width: 390 });
    await page.goto('/admin');
    await page.locator('input[name="email"]').waitFor();
    await page.getByTestId('language-switcher-desktop').selectOption('ar');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await typeLogin(page, other.email, other.password);
    await openProfile(page);
    const card = page.getByTestId('profile-mfa');
    await card.getByTestId('mfa-start').click();
    await card.getByTestId('mfa-qr').waitFor();
    const key = (await card.getByTestId('mfa-secret-text').getAttribute('data-secret'))!;
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'mfa-enrol-phone-ar.png');
    await card.getByTestId('mfa-enrol-code').fill(totpCode(key));
    await card.getByTestId('mfa-enrol-confirm').click();
    await card.getByTestId('mfa-recovery-codes').waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'mfa-recovery-codes-phone-ar.png');
    expect(errors).toEqual([]);
  });

  it('when the policy requires it for managers, a manager without it sets it up at login, sees the recovery codes, then enters', async () => {
    const manager = await createAccount(suite.app, { userType: 'manager', name: 'Katherine Johnson', password: 'orbital-mechanics-62' });
    const adminToken = await loginToken(suite.app, suite.app.admin);
    expect((await rest(suite.app, '/api/admin/security/policies/mfa', { method: 'PUT', token: adminToken, json: { requiredRoles: ['manager'] } })).status).toBe(200);
    try {
      const page = await newPage();
      await submitLogin(page, manager.email, manager.password);
      await page.getByRole('heading', { name: 'Set up two-step verification' }).waitFor();
      await page.getByTestId('mfa-qr').waitFor();
      const key = (await page.getByTestId('mfa-secret-text').getAttribute('data-secret'))!;
      await shot(page, 'mfa-login-enrol-desktop-en.png');
      await page.getByTestId('mfa-login-code').fill(totpCode(key));
      await page.getByTestId('mfa-login-submit').click();
      await page.getByTestId('mfa-recovery-codes').waitFor();
      expect(await page.getByTestId('mfa-recovery-code').count()).toBe(10);
      await shot(page, 'mfa-login-recovery-desktop-en.png');
      await page.getByTestId('mfa-recovery-done').click();
      await expect.poll(() => page.getByTestId('admin-user-name').textContent()).toBe('Katherine Johnson');
    } finally {
      await rest(suite.app, '/api/admin/security/policies/mfa', { method: 'PUT', token: adminToken, json: { requiredRoles: [] } });
    }
    expect(errors).toEqual([]);
  });
});
