/**
 * Browser test of the account pages: forgot password → the mail is captured by a real SMTP server → the link
 * opens the reset page → the strength meter follows the typing → reset → log in with the new password; a used
 * link is refused; and self-registration shows its checks and its success view.
 */
import { describe, expect, it } from 'vitest';
import { browserSuite, collectPageErrors, screenshot } from '../../test-support/browser.ts';
import { createAccount } from '../../test-support/http.ts';
import { waitFor } from '../../services/test/workers/support/helpers.ts';
import { leafParts, parseMime } from '../../services/test/workers/support/mime.ts';

describe('password reset and registration in the browser', () => {
  const suite = browserSuite({ smtp: true });

  /** The reset link of the newest mail to `address`. */
  async function resetLinkFor(address: string): Promise<string> {
    return waitFor(
      () => {
        const mail = suite.smtp.messages.filter((m) => m.to.includes(address)).at(-1);
        if (!mail) return null;
        const text = leafParts(parseMime(mail.raw)).find((p) => p.contentType === 'text/plain')?.body.toString('utf8') ?? '';
        return /(http:\/\/\S+\/admin\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;
      },
      { what: `a reset mail to ${address}` },
    );
  }

  it('forgot password → mail → reset with the strength meter → log in with the new password', async () => {
    const account = await createAccount(suite.app, { name: 'Katherine Johnson', password: 'old-password-123' });
    const newPassword = 'Orbital-Mechanics-62';
    const page = await suite.newPage();
    const errors = collectPageErrors(page);

    await page.goto('/admin');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Forgot Password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/forgot-password');
    const send = page.getByRole('button', { name: 'Send Reset Link' });
    await expect(send.isDisabled()).resolves.toBe(true);
    await page.getByLabel('Email').fill(account.email);
    await expect(send.isEnabled()).resolves.toBe(true);
    await screenshot(page, 'forgot-password.png', { fullPage: true });
    await send.click();
    await page.getByTestId('forgot-password-sent').waitFor();
    await expect(page.getByTestId('forgot-password-sent').textContent()).resolves.toContain('expires in 1 hour');
    await page.getByRole('button', { name: 'Try Another Email' }).waitFor();
    await page.getByRole('link', { name: 'Back to Login' }).waitFor();
    await screenshot(page, 'forgot-password-sent.png', { fullPage: true });

    const link = await resetLinkFor(account.email);
    expect(link.startsWith(`${suite.app.baseUrl}/admin/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await expect(page.getByText(`Choose a new password for ${account.email}.`).isVisible()).resolves.toBe(true);

    const submit = page.getByRole('button', { name: 'Reset Password' });
    const meter = page.getByRole('meter', { name: 'Password strength' });
    await page.getByLabel('New Password', { exact: true }).fill('abcdefgh');
    await expect.poll(() => meter.getAttribute('aria-valuenow')).toBe('33');
    await expect(page.getByTestId('password-strength-level').textContent()).resolves.toBe('Weak');
    // The token has left the address bar (and so the history); screen readers hear each check's state.
    expect(new URL(page.url()).search).toBe('');
    await expect(page.locator('[data-met="true"]').first().textContent()).resolves.toContain('Met');
    await expect(page.locator('[data-met="false"]').first().textContent()).resolves.toContain('Not met');
    // Length ≥ 8, mixed case, a digit: score 3 is Medium; add a special character: 4 is Strong.
    await page.getByLabel('New Password', { exact: true }).fill('Abcdefgh1');
    await expect.poll(() => page.getByTestId('password-strength-level').textContent()).toBe('Medium');
    await expect(meter.getAttribute('aria-valuenow')).resolves.toBe('66');
    await page.getByLabel('New Password', { exact: true }).fill('Abcdefgh1!');
    await expect.poll(() => page.getByTestId('password-strength-level').textContent()).toBe('Strong');
    await expect(meter.getAttribute('aria-valuenow')).resolves.toBe('100');

    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await expect.poll(() => meter.getAttribute('aria-valuenow')).toBe('100');
    const met = await page.locator('[data-testid="password-strength"] li[data-met="true"]').count();
    expect(met).toBe(5);
    await page.getByLabel('Confirm New Password').fill(`${newPassword}x`);
    await page.getByText('Passwords do not match').waitFor();
    await expect(submit.isDisabled()).resolves.toBe(true);
    await screenshot(page, 'reset-password-mismatch.png', { fullPage: true });
    await page.getByLabel('Confirm New Password').fill(newPassword);
    await expect(submit.isEnabled()).resolves.toBe(true);
    await screenshot(page, 'reset-password.png', { fullPage: true });
    await submit.click();
    await page.getByRole('heading', { name: 'Password Reset Successfully' }).waitFor();
    await screenshot(page, 'reset-password-done.png', { fullPage: true });

    await page.getByRole('link', { name: 'Go to Login' }).click();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByTestId('login-error').waitFor();
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByTestId('admin-user-name').waitFor();
    await expect(page.getByTestId('admin-user-name').textContent()).resolves.toContain('Katherine Johnson');

    // The link was single use.
    await page.goto(link);
    await page.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor();
    await expect(page.getByTestId('reset-invalid').textContent()).resolves.toBe('Invalid or expired reset token');
    await page.getByRole('link', { name: 'Request New Reset Link' }).waitFor();
    await screenshot(page, 'reset-password-invalid.png', { fullPage: true });
    expect(errors).toEqual([]);
  }, 120_000);

  it('says so when the link has no token, in the reader’s language', async () => {
    const page = await suite.newPage();
    await page.goto('/admin/reset-password');
    await page.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor();
    await expect(page.getByTestId('reset-invalid').textContent()).resolves.toBe('No reset token provided');
    await page.getByTestId('language-switcher-desktop').selectOption('ar');
    await page.getByRole('heading', { name: 'رابط إعادة التعيين غير صالح' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await screenshot(page, 'reset-password-no-token-ar.png', { fullPage: true });
  });

  it('registers an account: checks, then greets with the name and the account type', async () => {
    const page = await suite.newPage();
    const errors = collectPageErrors(page);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Register' }).click();
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    const submit = page.getByRole('button', { name: 'Create Account' });

    await submit.click();
    await expect(page.getByTestId('register-error').textContent()).resolves.toBe('All fields are required');
    const email = `mary.${Date.now().toString(36)}@example.com`;
    await page.getByLabel('Full Name').fill('Mary Jackson');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('wind-tunnel-1');
    await page.getByLabel('Confirm Password').fill('wind-tunnel-2');
    await submit.click();
    await expect(page.getByTestId('register-error').textContent()).resolves.toBe('Passwords do not match');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password').fill('short');
    await submit.click();
    await expect(page.getByTestId('register-error').textContent()).resolves.toBe('Password must be at least 8 characters long');
    await screenshot(page, 'register-error.png', { fullPage: true });

    await page.getByLabel('Password', { exact: true }).fill('wind-tunnel-1');
    await page.getByLabel('Confirm Password').fill('wind-tunnel-1');
    await submit.click();
    await page.getByTestId('register-success').waitFor();
    await expect(page.getByTestId('register-success').textContent()).resolves.toContain('Welcome, Mary Jackson!');
    await expect(page.getByTestId('register-success').textContent()).resolves.toContain('Account type: User');
    await page.getByRole('link', { name: 'Go to Login' }).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
    await screenshot(page, 'register-success.png', { fullPage: true });

    // Registered, awaiting approval: the login says so once the password is right.
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wind-tunnel-1');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => page.getByTestId('login-error').textContent()).toMatch(/awaiting approval/i);
    expect(errors).toEqual([]);
  }, 120_000);
});
