/**
 * Browser test of invitations: an admin invites from the Users area (the dialog in en and ar), the mail is
 * captured by a real SMTP server, its link opens the accept page (en and ar), the invitee chooses a name and
 * password and logs in, approved with the invited role.
 */
import { describe, expect, it } from 'vitest';
import { browserSuite, collectPageErrors, screenshot, submitLogin } from '../../test-support/browser.ts';
import { waitFor } from '../../services/test/workers/support/helpers.ts';
import { leafParts, parseMime } from '../../services/test/workers/support/mime.ts';

describe('invitations in the browser', () => {
  const suite = browserSuite({ smtp: true });

  async function inviteLinkFor(address: string): Promise<string> {
    return waitFor(
      () => {
        const mail = suite.smtp.messages.filter((m) => m.to.includes(address)).at(-1);
        if (!mail) return null;
        const text = leafParts(parseMime(mail.raw)).find((p) => p.contentType === 'text/plain')?.body.toString('utf8') ?? '';
        return /(http:\/\/\S+\/invite\?token=[A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;
      },
      { what: `an invitation mail to ${address}` },
    );
  }

  it('invite from the Users area → captured link → accept → log in', async () => {
    const errors: string[] = [];
    const email = `grace.${Date.now()}@example.com`;
    const admin = await suite.newPage();
    collectPageErrors(admin, errors);
    await submitLogin(admin, suite.app.admin.email, suite.app.admin.password);
    await admin.getByTestId('admin-user-name').waitFor();
    await admin.getByTestId('admin-tab-users').click();
    await admin.getByTestId('users-table').waitFor();

    await admin.getByTestId('invite-button').click();
    const dialog = admin.getByTestId('invite-dialog');
    await dialog.waitFor();
    // An admin may invite every role.
    await expect(dialog.locator('select[name="role"] option').allTextContents()).resolves.toHaveLength(3);
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.locator('select[name="role"]').selectOption('manager');
    await screenshot(admin, 'invite-dialog-en.png');
    await admin.getByTestId('invite-send').click();
    await dialog.waitFor({ state: 'hidden' });
    await admin.getByTestId('pending-invitations').getByText(email).waitFor();

    // The same dialog in Arabic.
    await admin.getByTestId('language-switcher-desktop').selectOption('ar');
    await admin.getByTestId('invite-button').click();
    await admin.getByTestId('invite-dialog').waitFor();
    await admin.getByTestId('invite-dialog').locator('input[name="email"]').fill('someone@example.com');
    await screenshot(admin, 'invite-dialog-ar.png');

    const link = await inviteLinkFor(email);
    expect(link.startsWith(`${suite.app.baseUrl}/invite?token=`)).toBe(true);

    // The accept page in Arabic: the visitor's saved language (the app reads it, not the browser's).
    const ar = await suite.newPage({ locale: 'ar' });
    collectPageErrors(ar, errors);
    await ar.addInitScript(() => window.localStorage.setItem('crm.language', 'ar'));
    await ar.goto(link);
    await ar.getByTestId('invite-subtitle').waitFor();
    await expect.poll(() => ar.locator('html').getAttribute('dir')).toBe('rtl');
    await screenshot(ar, 'invite-accept-ar.png', { fullPage: true });
    await ar.close();

    const page = await suite.newPage();
    collectPageErrors(page, errors);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Join Nexa CRM' }).waitFor();
    await expect(page.getByTestId('invite-subtitle').textContent()).resolves.toContain(email);
    await expect(page.getByTestId('invite-subtitle').textContent()).resolves.toContain('Manager');
    expect(new URL(page.url()).search).toBe('');
    await page.getByLabel('Full name').fill('Grace Hopper');
    await page.getByLabel('Password', { exact: true }).fill('Cobol-Compiler-1959');
    await page.getByLabel('Confirm password').fill('Cobol-Compiler-1959');
    await screenshot(page, 'invite-accept-en.png', { fullPage: true });
    await page.getByTestId('invite-submit').click();
    await page.getByTestId('invite-accepted').waitFor();
    await page.getByRole('link', { name: 'Go to login' }).click();

    await submitLogin(page, email, 'Cobol-Compiler-1959');
    await page.getByTestId('admin-user-name').waitFor();
    await expect(page.getByTestId('admin-user-name').textContent()).resolves.toContain('Grace Hopper');

    // The link worked once.
    await page.goto(link);
    await page.getByTestId('invite-invalid').waitFor();
    expect(errors).toEqual([]);
  });
});
