/**
 * Browser test of the Customers tab (spec 02 §2): add through the dialog (client validation first), find by
 * search, open the detail and log a call, edit the one-box address, upload a file, export the CSV (the real
 * download), import a CSV with a bad row, delete and restore (admin), and a `user` sees only its customers.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, browserSuite, screenshot } from '../../test-support/browser.ts';
import { createAccount, loginToken, rest, type TestAccount } from '../../test-support/http.ts';

describe('Customers tab in the browser', () => {
  const suite = browserSuite();
  const errors: string[] = [];
  let seller: TestAccount;
  let adminToken: string;
  const stamp = Date.now().toString(36);
  const name = `Ada Lovelace ${stamp}`;

  async function openTab(account: { email: string; password: string }, options: { bypassCSP?: boolean } = {}) {
    const page = await suite.openAs(account, '/admin/customers', errors, { acceptDownloads: true, ...options });
    page.setDefaultTimeout(10_000);
    await page.getByTestId('customers-table').waitFor();
    return page;
  }

  const rows = (page: Page) => page.locator('[data-testid^="customers-row-"]');
  const rowNamed = (page: Page, text: string) => page.locator(`[data-testid^="customers-row-"][data-name="${text}"]`);
  const toastText = (page: Page) => page.getByTestId('app-toast').allTextContents().then((all) => all.join(' | '));

  async function createCustomer(json: Record<string, unknown>) {
    const res = await rest(suite.app, '/api/crm/customers', { method: 'POST', token: adminToken, json });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (res.body as { data: { id: string } }).data.id;
  }

  beforeAll(async () => {
    seller = await createAccount(suite.app, { userType: 'user', name: 'Sally Seller' });
    adminToken = await loginToken(suite.app, suite.app.admin);
    await createCustomer({ name: `Grace Hopper ${stamp}`, email: `grace.${stamp}@navy.example`, company: 'Navy', status: 'customer', leadScore: 65, leadSource: 'referral' });
    await createCustomer({ name: `Sally's Lead ${stamp}`, email: `lead.${stamp}@example.com`, company: 'Own Co', leadScore: 30, assignedTo: seller.id });
  });

  it('adds a customer through the dialog, finds it, logs a call, edits the one-box address and uploads a file', async () => {
    const page = await openTab(suite.app.admin);
    await page.getByTestId('customers-add').click();
    const dialog = page.getByTestId('customer-form-dialog');
    await dialog.waitFor();

    // Client checks first: name required, e-mail format.
    await dialog.getByTestId('customer-form-email').fill('not-an-email');
    await dialog.getByTestId('customer-form-submit').click();
    await expect.poll(() => dialog.getByTestId('customer-form-error-name').textContent()).toBe('Name is required');
    expect(await dialog.getByTestId('customer-form-error-email').textContent()).toBe('Enter a valid email address');
    await screenshot(page, 'customers-add-dialog-en.png');

    await dialog.getByTestId('customer-form-name').fill(name);
    await dialog.getByTestId('customer-form-email').fill(`ada.${stamp}@engine.example`);
    await dialog.getByTestId('customer-form-phone').fill('+44 20 7946 0000');
    await dialog.getByTestId('customer-form-company').fill('Analytical Engines');
    await dialog.getByTestId('customer-form-industry').selectOption('Technology');
    await dialog.getByTestId('customer-form-status').selectOption('prospect');
    await dialog.getByTestId('customer-form-leadScore').fill('85');
    await dialog.getByTestId('customer-form-leadSource').selectOption('website');
    await dialog.getByTestId('customer-form-tags').fill('vip, math');
    await dialog.getByTestId('customer-form-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => toastText(page)).toContain('Customer created');

    // The same e-mail again (another case) is refused under the field; the dialog stays open with what was typed.
    await page.getByTestId('customers-add').click();
    await dialog.waitFor();
    // "Customer created" still shows, now at the inline start, clear of the dialog's buttons at the end of its footer.
    const created = page.getByTestId('app-toast').filter({ hasText: 'Customer created' });
    await expect.poll(async () => (await created.boundingBox())?.x).toBeLessThan(100);
    const [toastBox, cancelBox] = [(await created.boundingBox())!, (await dialog.getByRole('button', { name: 'Cancel' }).boundingBox())!];
    expect(toastBox.x + toastBox.width).toBeLessThan(cancelBox.x);
    await dialog.getByTestId('customer-form-name').fill(`Ada Again ${stamp}`);
    await dialog.getByTestId('customer-form-email').fill(`Ada.${stamp}@Engine.example`);
    await dialog.getByTestId('customer-form-submit').click();
    await expect.poll(() => dialog.getByTestId('customer-form-error-email').textContent()).toBe('Another customer already has this e-mail address');
    expect(await dialog.getByTestId('customer-form-name').inputValue()).toBe(`Ada Again ${stamp}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Its error toast closed (three show at once; the steps below read theirs).
    await page.getByTestId('app-toast').filter({ hasText: 'Another customer already has this e-mail address' }).getByRole('button', { name: 'Close' }).click();

    await page.getByTestId('customers-filter-search').fill(`engine.example`);
    await expect.poll(() => rows(page).count()).toBe(1);
    const row = rowNamed(page, name);
    await row.waitFor();
    expect(await row.textContent()).toContain('vip');
    expect(await row.textContent()).toContain('Analytical Engines');
    expect(await row.locator('[data-testid^="customers-score-"]').getAttribute('data-color')).toBe('green');
    await page.getByTestId('customers-filter-search').fill('');
    await expect.poll(() => rows(page).count()).toBe(3);
    await screenshot(page, 'customers-list-en.png', { fullPage: true });
    await page.getByTestId('customers-filter-sort').selectOption('name');
    const names = () => rows(page).evaluateAll((all) => all.map((r) => r.getAttribute('data-name')));
    await expect.poll(names).toEqual([name, `Grace Hopper ${stamp}`, `Sally's Lead ${stamp}`]);
    await page.getByTestId('customers-filter-sort').selectOption('oldest');
    await expect.poll(names).toEqual([`Grace Hopper ${stamp}`, `Sally's Lead ${stamp}`, name]);
    await page.getByTestId('customers-filter-sort').selectOption('newest');
    await page.getByTestId('customers-filter-search').fill(name);
    await expect.poll(() => rows(page).count()).toBe(1);

    // Detail: log a call; it appears in Communications.
    await row.getByTestId('customer-view').click();
    const detail = page.getByTestId('customer-detail');
    await expect.poll(() => detail.getByTestId('customer-detail-name').textContent()).toBe(name);
    await detail.getByTestId('customer-tab-communications').click();
    await detail.getByTestId('communications-empty').waitFor();
    await detail.getByTestId('communication-type').selectOption('call');
    await detail.getByTestId('communication-subject').fill('Discovery call');
    await detail.getByTestId('communication-content').fill('Talked about the engine.');
    await detail.getByTestId('communication-send').click();
    // A call is logged, not sent; it happened now (the time left empty).
    await expect.poll(() => toastText(page)).toContain('Communication logged.');
    const item = detail.getByTestId('communication-item');
    await item.waitFor();
    expect(await item.getAttribute('data-type')).toBe('call');
    expect(await item.getByTestId('communication-headline').textContent()).toBe('Call logged');
    expect(await item.getByTestId('communication-status').count()).toBe(0);
    expect(await item.textContent()).toContain('Discovery call');
    expect(await item.textContent()).toContain('Outbound');
    // An e-mail from last week: "sent", with its own time, listed after the call (by when it happened).
    await detail.getByTestId('communication-type').selectOption('email');
    await detail.getByTestId('communication-subject').fill('Proposal');
    const future = new Date(Date.now() + 2 * 86_400_000);
    const local = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}T10:15`;
    await detail.getByTestId('communication-occurred-at').fill(local(future));
    await expect.poll(() => detail.getByTestId('communication-form').textContent()).toContain('Cannot be in the future.');
    expect(await detail.getByTestId('communication-send').isDisabled()).toBe(true);
    const lastWeek = new Date(Date.now() - 7 * 86_400_000);
    await detail.getByTestId('communication-occurred-at').fill(local(lastWeek));
    await detail.getByTestId('communication-send').click();
    await expect.poll(() => toastText(page)).toContain('Communication sent successfully.');
    await expect.poll(() => item.count()).toBe(2);
    expect(await item.nth(0).getAttribute('data-type')).toBe('call');
    expect(await item.nth(1).getAttribute('data-type')).toBe('email');
    expect(await item.nth(1).getByTestId('communication-status').textContent()).toBe('Sent');
    const when = await item.nth(1).getByTestId('communication-when').locator('time').getAttribute('datetime');
    // The field is in the browser's time zone.
    expect(when).toBe(await page.evaluate((v) => new Date(v).toISOString(), local(lastWeek)));

    // Overview edit: one address box split on ", ".
    await detail.getByTestId('customer-tab-overview').click();
    await detail.getByTestId('customer-detail-edit').click();
    await detail.getByTestId('customer-detail-addressLine').fill('12 St James Square, London, United Kingdom');
    await detail.getByTestId('customer-detail-save').click();
    await expect.poll(() => toastText(page)).toContain('Customer information updated successfully.');
    await expect.poll(() => detail.getByTestId('customer-detail-city').textContent()).toContain('London');
    expect(await detail.getByTestId('customer-detail-country').textContent()).toContain('United Kingdom');
    expect(await detail.getByTestId('customer-detail-address').textContent()).toContain('12 St James Square');

    // Files: upload a text file; it is listed with a download link.
    await detail.getByTestId('customer-tab-files').click();
    await detail.getByTestId('customer-file-input').setInputFiles({ name: 'notes é.txt', mimeType: 'text/plain', buffer: Buffer.from('Engine notes\n') });
    const file = detail.getByTestId('customer-file');
    await file.waitFor();
    // Bytes that do not match the declared type: the server's 415 is explained.
    await detail.getByTestId('customer-file-input').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a png') });
    // Shown at once, however many toasts are showing: the oldest makes way (app-toaster.util.ts).
    await expect.poll(() => toastText(page)).toContain('This type of file is not accepted');
    expect(await detail.getByTestId('customer-file').count()).toBe(1);
    expect(await file.textContent()).toContain('notes é.txt');
    const href = await file.getByRole('link').getAttribute('href');
    expect(href).toMatch(/^\/api\/crm\/customers\/[0-9a-f-]+\/files\/[0-9a-f-]+$/);
    const bytes = await page.evaluate(async (url) => (await fetch(url, { credentials: 'same-origin' })).text(), href!);
    expect(bytes).toBe('Engine notes\n');
    // Sizes read as people say them.
    expect(await file.textContent()).toContain('13 bytes');
    await detail.getByTestId('customer-file-input').setInputFiles({ name: 'agenda.txt', mimeType: 'text/plain', buffer: Buffer.from('a'.repeat(1536)) });
    await expect.poll(() => detail.getByTestId('customer-file').count()).toBe(2);
    await expect.poll(() => detail.getByTestId('customer-files').textContent()).toContain('1.5 kB');
    await screenshot(page, 'customers-files-en.png');

    // A note refers to the first file; deleting the file (confirmed) keeps the note, its attachment shown as deleted.
    await detail.getByTestId('customer-tab-communications').click();
    await detail.getByTestId('communication-type').selectOption('note');
    await detail.getByTestId('communication-subject').fill('Notes attached');
    await detail.locator('label', { hasText: 'notes é.txt' }).getByTestId('communication-attach').check();
    await detail.getByTestId('communication-send').click();
    await expect.poll(() => detail.getByTestId('communication-item').count()).toBe(3);
    await detail.getByTestId('customer-tab-files').click();
    await detail.getByTestId('customer-file').filter({ hasText: 'notes é.txt' }).getByTestId('customer-file-delete').click();
    const confirm = page.getByTestId('customer-file-delete-dialog');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('notes é.txt');
    await page.getByTestId('customer-file-delete-confirm').click();
    await expect.poll(() => toastText(page)).toContain('File deleted');
    await expect.poll(() => detail.getByTestId('customer-file').count()).toBe(1);
    expect(await detail.getByTestId('customer-file').textContent()).toContain('agenda.txt');
    expect(await page.evaluate(async (url) => (await fetch(url, { credentials: 'same-origin' })).status, href!)).toBe(404);
    await detail.getByTestId('customer-tab-communications').click();
    const gone = detail.getByTestId('communication-attachment-deleted');
    await gone.waitFor();
    expect(await gone.textContent()).toBe('notes é.txt (deleted)');
    await screenshot(page, 'customers-detail-en.png');
    await detail.getByTestId('customer-detail-close').click();
    await detail.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
  });

  it('exports the filtered list as the server-streamed CSV and imports a CSV with one bad row', async () => {
    const page = await openTab(suite.app.admin);
    await page.getByTestId('customers-filter-search').fill(stamp);
    await page.getByTestId('customers-filter-status').selectOption('customer');
    await expect.poll(() => rows(page).count()).toBe(1);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('customers-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Name,Email,Phone,Company,Status,Lead Score,Source,Total Value,Created');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`Grace Hopper ${stamp}`);
    // Labels, as in the list, rather than codes.
    expect(lines[1]).toContain(',Customer,65,Referral,');

    // Import: three rows, the second with a bad e-mail.
    await page.getByTestId('customers-import').click();
    const dialog = page.getByTestId('customer-import-dialog');
    await dialog.waitFor();
    const body = ['Name,Email,Company,Lead Score,Source', `Imp One ${stamp},one.${stamp}@imp.example,Imp Co,90,Website`, `Imp Two ${stamp},not-an-email,Imp Co,50,referral`, `Imp Three ${stamp},,Imp Co,70,social media`].join('\n');
    await dialog.getByTestId('customer-import-file').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(body) });
    await expect.poll(() => dialog.getByTestId('customer-import-count').textContent()).toBe('3 rows found');
    expect(await dialog.getByTestId('customer-import-file-name').textContent()).toBe('customers.csv');
    expect(await dialog.getByTestId('customer-import-map-0').inputValue()).toBe('name');
    expect(await dialog.getByTestId('customer-import-map-3').inputValue()).toBe('leadScore');
    expect(await dialog.getByTestId('customer-import-map-4').inputValue()).toBe('leadSource');
    await dialog.getByTestId('customer-import-start').click();
    await expect.poll(() => dialog.getByTestId('customer-import-summary-text').textContent()).toBe('2 imported, 1 with errors');
    expect(await dialog.getByTestId('customer-import-progress-text').textContent()).toBe('3 of 3 rows');
    const bad = dialog.getByTestId('customer-import-error');
    expect(await bad.count()).toBe(1);
    expect(await bad.getAttribute('data-row')).toBe('2');
    expect(await bad.textContent()).toContain('Email: Not in a valid format');
    expect(await dialog.getByTestId('customer-import-ok').allTextContents()).toEqual([`Row 1: Imp One ${stamp}`, `Row 3: Imp Three ${stamp}`]);
    await screenshot(page, 'customers-import-en.png');
    await dialog.getByTestId('customer-import-close').click();
    await page.getByTestId('customers-filter-status').selectOption('all');
    await page.getByTestId('customers-filter-search').fill('imp.example');
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.getByTestId('customers-filter-search').fill(`Imp `);
    await expect.poll(() => rows(page).count()).toBe(2);
    expect(errors).toEqual([]);
  });

  it('an admin deletes with confirmation and restores from "Show deleted"', async () => {
    const page = await openTab(suite.app.admin);

    await page.getByTestId('customers-filter-search').fill(`Imp Three ${stamp}`);
    await expect.poll(() => rows(page).count()).toBe(1);
    await rows(page).first().getByTestId('customer-delete').click();
    await page.getByTestId('customer-delete-confirm').click();
    await expect.poll(() => toastText(page)).toContain('Customer deleted');
    await screenshot(page, 'customers-after-delete.png');
    await expect.poll(() => page.getByTestId('customers-empty').isVisible()).toBe(true);
    await page.getByTestId('customers-show-deleted').click();
    await expect.poll(() => rows(page).count()).toBe(1);
    // An admin may look at a deleted customer before restoring it: marked Deleted, nothing to edit.
    await rows(page).first().getByTestId('customer-view').click();
    await page.getByTestId('customer-detail-deleted').waitFor();
    expect(await page.getByTestId('customer-detail-edit').count()).toBe(0);
    await page.getByTestId('customer-detail-close').click();
    await page.getByTestId('customer-detail').waitFor({ state: 'hidden' });
    await rows(page).first().getByTestId('customer-restore').click();
    await expect.poll(() => toastText(page)).toContain('Customer restored');
    await expect.poll(() => rows(page).count()).toBe(0);
    await page.getByTestId('customers-show-deleted').click();
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('a user sees only the customers assigned to them, no "Show deleted", and "Customer not found" for one deleted meanwhile', async () => {
    const page = await openTab(seller);
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().getAttribute('data-name')).toBe(`Sally's Lead ${stamp}`);
    expect(await page.getByTestId('customers-show-deleted').count()).toBe(0);

    // Deleted elsewhere while its row is still on screen: the detail says 'Customer not found' (no leak).
    const lead = await rows(page).first().getAttribute('data-testid');
    expect((await rest(suite.app, `/api/crm/customers/${lead!.slice('customers-row-'.length)}`, { method: 'DELETE', token: adminToken })).status).toBe(200);
    await rows(page).first().getByTestId('customer-view').click();
    await expect.poll(() => page.getByTestId('customer-detail-not-found').textContent()).toContain('Customer not found');
    await page.getByTestId('customer-detail-close').click();
    await page.getByTestId('customer-detail').waitFor({ state: 'hidden' });

    // Add Customer as a user: the owner defaults to the user (who may not leave a customer unassigned).
    await page.getByTestId('customers-add').click();
    const dialog = page.getByTestId('customer-form-dialog');
    await dialog.waitFor();
    const ownerOptions = () => dialog.getByTestId('customer-form-assignedTo').locator('option').evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value));
    await expect.poll(ownerOptions).toEqual([seller.id]);
    expect(await dialog.getByTestId('customer-form-assignedTo').inputValue()).toBe(seller.id);
    await dialog.getByTestId('customer-form-name').fill(`Sally's New Lead ${stamp}`);
    await dialog.getByTestId('customer-form-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => toastText(page)).toContain('Customer created');
    await expect.poll(() => rows(page).evaluateAll((all) => all.map((r) => r.getAttribute('data-name')))).toEqual([`Sally's New Lead ${stamp}`]);
    expect(errors).toEqual([]);
  });

  it('has no accessibility violations on the list, the Add dialog and the Import dialog with its results (axe)', async () => {
    const page = await openTab(suite.app.admin, { bypassCSP: true });
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    expect(JSON.stringify(await axeViolations(page, { include: ['[data-testid="admin-area"]'] }))).toBe('[]');
    await page.getByTestId('customers-add').click();
    await page.getByTestId('customer-form-dialog').waitFor();
    expect(JSON.stringify(await axeViolations(page, { include: ['[data-testid="customer-form-dialog"]'] }))).toBe('[]');
    await page.keyboard.press('Escape');
    await page.getByTestId('customer-form-dialog').waitFor({ state: 'hidden' });
    await page.getByTestId('customers-import').click();
    const dialog = page.getByTestId('customer-import-dialog');
    await dialog.waitFor();
    const body = ['Name,Email', `Imp Axe ${stamp},not-an-email`].join('\n');
    await dialog.getByTestId('customer-import-file').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(body) });
    await dialog.getByTestId('customer-import-start').click();
    await dialog.getByTestId('customer-import-error').waitFor();
    expect(JSON.stringify(await axeViolations(page, { include: ['[data-testid="customer-import-dialog"]'] }))).toBe('[]');
  });

  it('reads in Arabic, right to left (list and detail)', async () => {
    const page = await openTab(suite.app.admin);
    await page.getByTestId('language-switcher-desktop').selectOption('ar');
    await expect.poll(() => page.getByTestId('customers-add').textContent()).toBe('إضافة عميل');
    await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
    await expect.poll(() => rows(page).count()).toBeGreaterThan(2);
    await screenshot(page, 'customers-list-ar.png', { fullPage: true });
    // An e-mail another customer has: refused under the field, in Arabic (the address itself stays left to right).
    await page.getByTestId('customers-add').click();
    const form = page.getByTestId('customer-form-dialog');
    await form.getByTestId('customer-form-name').fill('عميل مكرر');
    await form.getByTestId('customer-form-email').fill(`ada.${stamp}@engine.example`);
    await form.getByTestId('customer-form-submit').click();
    await expect.poll(() => form.getByTestId('customer-form-error-email').textContent()).toBe('لدى عميل آخر عنوان البريد الإلكتروني هذا بالفعل');
    await screenshot(page, 'customers-email-taken-ar.png');
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });
    await rowNamed(page, name).getByTestId('customer-view').click();
    const detail = page.getByTestId('customer-detail');
    await expect.poll(() => detail.getByTestId('customer-detail-name').textContent()).toBe(name);
    await detail.getByTestId('customer-detail-city').waitFor();
    await screenshot(page, 'customers-detail-ar.png');
    await detail.getByTestId('customer-tab-communications').click();
    await expect.poll(() => detail.getByTestId('communication-headline').first().textContent()).toBe('تم تسجيل ملاحظة');
    expect(await detail.getByTestId('communication-attachment-deleted').textContent()).toBe('notes é.txt (محذوف)');
    await screenshot(page, 'customers-communications-ar.png');
    await detail.getByTestId('customer-tab-files').click();
    await expect.poll(() => detail.getByTestId('customer-files').textContent()).toContain('كيلوبايت');
    await screenshot(page, 'customers-files-ar.png');
    await detail.getByTestId('customer-tab-overview').click();
    await detail.getByTestId('customer-detail-edit').click();
    await detail.getByTestId('customer-detail-addressLine').waitFor();
    await screenshot(page, 'customers-detail-edit-ar.png');
    await detail.getByTestId('customer-detail-cancel').click();
    await page.getByTestId('customer-detail-close').click();
    await detail.waitFor({ state: 'hidden' });

    // The server's row errors read in Arabic too (issue kinds and rule codes, not its English messages).
    await page.getByTestId('customers-import').click();
    const dialog = page.getByTestId('customer-import-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('customer-import-choose').textContent()).toBe('اختيار ملف');
    const body = ['Name,Email', `Imp Ar ${stamp},not-an-email`].join('\n');
    await dialog.getByTestId('customer-import-file').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(body) });
    await dialog.getByTestId('customer-import-start').click();
    const bad = dialog.getByTestId('customer-import-error');
    await bad.waitFor();
    expect(await bad.textContent()).toContain('الصيغة غير صالحة');
    expect(await bad.textContent()).not.toContain('must be');
    await screenshot(page, 'customers-import-ar.png');
    await dialog.getByTestId('customer-import-close').click();
    expect(errors).toEqual([]);
  });
});
