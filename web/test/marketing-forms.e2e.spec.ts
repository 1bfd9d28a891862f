/**
 * Browser test of the Marketing area's Lead Capture Forms and Form Submissions tabs (issue 16): the builder
 * refuses a form without name and title ('Please provide form name and title'), builds a form with a select and a
 * checkbox field, reorders fields (move buttons and a real mouse drag), saves it and lists it with its fields;
 * the embed dialog shows the hosted link, script and iframe; a submission sent through the public API (and a
 * spam one) appear in Form Submissions, the lead linked, spam apart, every detail in the row's dialog; Arabic
 * reads right to left; the tabs and dialogs pass axe. English desktop and Arabic phone; screenshots under the test
 * artifacts.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, browserSuite, screenshot, type NewPageOptions } from '../../test-support/browser.ts';

const POLL = { timeout: 20_000 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Lead capture forms and submissions in the browser', () => {
  const suite = browserSuite();
  const errors: string[] = [];
  const open = (url: string, options: NewPageOptions = {}) => suite.openAsAdmin(url, errors, options);
  const noOverflow = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const order = (page: Page) => page.getByTestId('form-field-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-field-name')));
  const api = (path: string, init?: RequestInit) => fetch(`${suite.app.baseUrl}${path}`, { ...init, headers: { 'content-type': 'application/json', origin: suite.app.baseUrl, ...init?.headers } });

  /** A real mouse drag of a field row by its handle onto another row. */
  async function drag(page: Page, from: Locator, to: Locator) {
    const source = await from.getByTestId('form-field-handle').boundingBox();
    const target = await to.boundingBox();
    if (!source || !target) throw new Error('drag: element not visible');
    const x = source.x + source.width / 2;
    const y = source.y + source.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 4, y + 4, { steps: 4 });
    await page.mouse.move(x, target.y + target.height / 4, { steps: 20 });
    await page.mouse.up();
  }

  async function addField(page: Page, label: string, type: string, options: string[]) {
    await page.getByTestId('form-field-add').click();
    const row = page.getByTestId('form-field-row').last();
    await row.getByTestId('form-field-label').fill(label);
    await row.getByTestId('form-field-type').selectOption(type);
    for (const option of options) {
      await row.getByTestId('form-field-option-input').fill(option);
      await row.getByTestId('form-field-option-input').press('Enter');
    }
    await expect.poll(() => row.getByTestId('form-field-option-item').count()).toBe(options.length);
  }

  it('builds a form with a select and a checkbox, reorders it, saves it, embeds it, and lists its submissions', async () => {
    // Tall enough for the builder's four fields to be on screen at once (a native drag does not scroll the dialog).
    const page = await open('/admin/marketing?tab=forms', { width: 1280, height: 2000, acceptDownloads: true });
    await page.getByTestId('forms-tab').waitFor();
    await page.getByTestId('forms-empty').waitFor();

    // Create Form: the spec's default fields, name and title required.
    await page.getByTestId('form-create').click();
    const dialog = page.getByTestId('form-builder-dialog');
    await dialog.waitFor();
    await expect(order(page)).resolves.toEqual(['full_name', 'email']);
    await page.getByTestId('form-save').click();
    await expect(page.getByTestId('form-builder-error').textContent()).resolves.toBe('Please provide form name and title');
    await page.getByTestId('form-name').fill('Spring webinar');
    await page.getByTestId('form-title').fill('Join the spring webinar');

    await addField(page, 'Team size', 'select', ['1-10', '11-50', '51+']);
    await addField(page, 'Topics', 'checkbox', ['Sales', 'Support']);
    await expect(order(page)).resolves.toEqual(['full_name', 'email', 'team_size', 'topics']);

    // Drag and drop, right after typing in a row: Team size above Email.
    const rows = page.getByTestId('form-field-row');
    await drag(page, rows.nth(2), rows.nth(1));
    await expect.poll(() => order(page)).toEqual(['full_name', 'team_size', 'email', 'topics']);
    // Keyboard-accessible reorder: Topics up one place.
    await rows.nth(3).getByTestId('form-field-up').click();
    await expect(order(page)).resolves.toEqual(['full_name', 'team_size', 'topics', 'email']);
    await screenshot(page, 'marketing-form-builder-desktop-en.png', { fullPage: true });

    // A server refusal shows at its field: a redirect that is neither a path nor an http(s) address.
    await page.getByTestId('form-redirect').fill('ftp://files.example.com/thanks');
    await page.getByTestId('form-save').click();
    await expect.poll(() => page.getByTestId('form-builder-error').textContent(), POLL).toBe('Please check the highlighted fields.');
    await expect(page.getByTestId('form-error-redirectUrl').textContent()).resolves.not.toBe('');
    await page.getByTestId('form-redirect').fill('/thank-you');

    await page.getByTestId('form-save').click();
    await dialog.waitFor({ state: 'hidden' });
    const card = page.getByTestId('form-card').first();
    await card.waitFor();
    await expect(card.getByTestId('form-card-name').textContent()).resolves.toBe('Spring webinar');
    await expect(card.getByTestId('form-card-status').textContent()).resolves.toBe('Active');
    // The first three fields, in the saved order.
    await expect(card.getByTestId('form-card-field').allTextContents()).resolves.toEqual(['Full Name *Text', 'Team sizeSelect', 'TopicsCheckbox']);
    const slug = (await card.getAttribute('data-form-slug'))!;
    expect(slug).toMatch(/^spring-webinar/);

    // The active switch: off and on again (the card's badge follows the saved state).
    const toggle = card.getByTestId('form-card-active').locator('xpath=..');
    await toggle.click();
    await expect.poll(() => card.getByTestId('form-card-status').textContent(), POLL).toBe('Inactive');
    await toggle.click();
    await expect.poll(() => card.getByTestId('form-card-status').textContent(), POLL).toBe('Active');

    // Edit shows what the server saved: the admin's address as the notification recipient.
    await card.getByTestId('form-card-edit').click();
    await dialog.waitFor();
    await expect(dialog.getByTestId('form-notification-item').allTextContents()).resolves.toEqual([suite.app.admin.email]);
    await expect(order(page)).resolves.toEqual(['full_name', 'team_size', 'topics', 'email']);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The public form's token, then the embed dialog (the minimum fill time passes meanwhile).
    const served = Date.now();
    const got = await api(`/api/forms/${slug}`);
    expect(got.status).toBe(200);
    const { formToken, form } = (await got.json()) as { formToken: string; form: { fields: { name: string }[] } };
    expect(form.fields.map((f) => f.name)).toEqual(['full_name', 'team_size', 'topics', 'email']);

    await card.getByTestId('form-card-embed').click();
    const embed = page.getByTestId('form-embed-dialog');
    await embed.waitFor();
    await expect(embed.getByTestId('form-embed-hosted').textContent()).resolves.toBe(`${suite.app.baseUrl}/f/${slug}`);
    await expect(embed.getByTestId('form-embed-script').textContent()).resolves.toContain(`data-form="${slug}"`);
    await expect(embed.getByTestId('form-embed-iframe').textContent()).resolves.toContain(`/f/${slug}?embed=1`);
    await screenshot(page, 'marketing-form-embed-desktop-en.png');
    await embed.getByTestId('form-embed-done').click();
    await embed.waitFor({ state: 'hidden' });

    await sleep(Math.max(0, 3_300 - (Date.now() - served)));
    const submission = {
      formToken,
      data: { full_name: 'Ada Lovelace', email: 'ada@example.com', team_size: '11-50', topics: ['Sales'] },
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'spring',
      utmTerm: 'crm',
      utmContent: 'header',
      referrer: 'https://news.example.org/issue-12',
    };
    const posted = await api(`/api/forms/${slug}/submissions`, { method: 'POST', body: JSON.stringify(submission) });
    expect(posted.status, await posted.clone().text()).toBe(201);
    const spam = await api(`/api/forms/${slug}/submissions`, { method: 'POST', body: JSON.stringify({ ...submission, data: { ...submission.data, email: 'bot@example.com' }, website: 'http://spam.example' }) });
    expect(spam.status).toBe(201);

    // Form Submissions: the real one with its lead, the spam apart.
    await page.getByTestId('marketing-tab-submissions').click();
    await page.getByTestId('submissions-tab').waitFor();
    const row = page.getByTestId('submission-row').first();
    // The public answer does not wait for the read model: reload until both submissions are projected.
    const listed = async () => `${await page.getByTestId('submission-row').count()} / ${await page.getByTestId('submissions-view-spam').textContent()}`;
    await expect
      .poll(async () => {
        const now = await listed();
        if (now !== '1 / Spam (1)') {
          await page.reload();
          await page.getByTestId('submissions-view-spam').waitFor();
          await page.waitForTimeout(300);
        }
        return now;
      }, POLL)
      .toBe('1 / Spam (1)');
    await expect(row.getByTestId('submission-summary').textContent()).resolves.toBe('Full Name: Ada Lovelace · Team size: 11-50 · Topics: Sales');
    await expect(row.getByTestId('submission-utm').textContent()).resolves.toBe('newsletter / email / spring');
    await expect.poll(() => row.getByTestId('submission-lead').getAttribute('href'), POLL).toMatch(/^\/admin\/customers\/[0-9a-f-]{36}$/);
    await screenshot(page, 'marketing-submissions-desktop-en.png', { fullPage: true });

    await row.getByTestId('submission-open').click();
    const detail = page.getByTestId('submission-detail');
    await detail.waitFor();
    await expect(detail.getByTestId('submission-answer').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key')))).resolves.toEqual(['full_name', 'team_size', 'topics', 'email']);
    await expect(detail.getByTestId('submission-detail-utm').allTextContents()).resolves.toEqual([
      'utm_sourcenewsletter',
      'utm_mediumemail',
      'utm_campaignspring',
      'utm_termcrm',
      'utm_contentheader',
    ]);
    await expect(detail.getByTestId('submission-detail-referrer').textContent()).resolves.toContain('https://news.example.org/issue-12');
    await expect(detail.getByTestId('submission-detail-ip').textContent()).resolves.toContain('127.0.0.1');
    await screenshot(page, 'marketing-submission-detail-desktop-en.png');
    await page.getByTestId('submission-detail-close').click();
    await detail.waitFor({ state: 'hidden' });

    // CSV export of what the view shows.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('submissions-export').click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain('ada@example.com');
    expect(csv).not.toContain('bot@example.com');

    await page.getByTestId('submissions-view-spam').click();
    const spamRows = page.locator('[data-testid="submission-row"][data-spam="true"]');
    await expect.poll(() => spamRows.count(), POLL).toBe(1);
    await expect(spamRows.getByTestId('submission-spam-reason').textContent()).resolves.toBe('Hidden field filled');
    await noOverflow(page, 1280);

    // The lead link opens the customer.
    await page.getByTestId('submissions-view-real').click();
    await page.getByTestId('submission-row').first().getByTestId('submission-lead').click();
    await expect.poll(() => new URL(page.url()).pathname, POLL).toMatch(/^\/admin\/customers\//);

    // Arabic on a phone: right to left, cards, nothing wider than the screen.
    const phone = await open('/admin/marketing?tab=forms', { width: 390, height: 844, hasTouch: true });
    await phone.getByTestId('language-switcher-desktop').selectOption('ar').catch(async () => {
      await phone.evaluate(() => localStorage.setItem('crm-locale', 'ar'));
      await phone.reload();
    });
    await expect.poll(() => phone.evaluate(() => document.documentElement.dir), POLL).toBe('rtl');
    await phone.getByTestId('form-card').first().waitFor();
    await expect.poll(() => phone.getByTestId('form-card').first().getByTestId('form-card-status').textContent(), POLL).toBe('نشط');
    await screenshot(phone, 'marketing-forms-phone-ar.png', { fullPage: true });
    await noOverflow(phone, 390);
    await phone.getByTestId('form-create').click();
    await phone.getByTestId('form-save').click();
    await expect(phone.getByTestId('form-builder-error').textContent()).resolves.toBe('يرجى إدخال اسم النموذج وعنوانه');
    await screenshot(phone, 'marketing-form-builder-phone-ar.png');
    await phone.keyboard.press('Escape');
    await phone.getByTestId('marketing-tab-submissions').click();
    await phone.getByTestId('submission-card').first().waitFor();
    await noOverflow(phone, 390);
    await screenshot(phone, 'marketing-submissions-phone-ar.png', { fullPage: true });

    expect(errors).toEqual([]);
  }, 180_000);

  it('the tabs and their dialogs pass axe (WCAG 2.1 AA)', async () => {
    const page = await open('/admin/marketing?tab=forms', { width: 1280, height: 1000, bypassCSP: true });
    await page.getByTestId('form-card').first().waitFor();
    expect(await axeViolations(page, { include: ['[data-testid="forms-tab"]'] })).toEqual([]);
    await page.getByTestId('form-card-edit').first().click();
    await page.getByTestId('form-field-row').first().waitFor();
    expect(await axeViolations(page, { include: ['[data-testid="form-builder-dialog"]'] })).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('form-builder-dialog').waitFor({ state: 'hidden' });
    for (const [button, dialog] of [
      ['form-card-embed', 'form-embed-dialog'],
      ['form-card-preview', 'form-preview-dialog'],
    ] as const) {
      await page.getByTestId(button).first().click();
      await page.getByTestId(dialog).waitFor();
      expect(await axeViolations(page, { include: [`[data-testid="${dialog}"]`] })).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByTestId(dialog).waitFor({ state: 'hidden' });
    }
    await page.getByTestId('marketing-tab-submissions').click();
    await page.getByTestId('submission-row').first().waitFor();
    expect(await axeViolations(page, { include: ['[data-testid="submissions-tab"]'] })).toEqual([]);
    await page.getByTestId('submission-open').first().click();
    await page.getByTestId('submission-detail').waitFor();
    expect(await axeViolations(page, { include: ['[data-testid="submission-detail"]'] })).toEqual([]);
    expect(errors).toEqual([]);
  }, 90_000);
});
