/**
 * Browser test of a deal's edit and delete (issue 13 "Finish what exists": Deals): the deal opened by its deep
 * link is edited in its dialog (title and value; the server's field errors under the fields; the card on the
 * board changes), deleted after a confirmation (back to /admin/pipeline, the card gone), restored by an admin
 * from "Show deleted"; the summary's tooltips say Total and Weighted count open deals only; the customer's Deals
 * tab links to the deal and shows won value and open pipeline apart; in English and Arabic.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserSuite, screenshot, type NewPageOptions } from '../../test-support/browser.ts';
import { loginSession, type ApiResponse } from '../../test-support/http.ts';

function ok(res: ApiResponse, what: string) {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

describe('Deal edit and delete in the browser', () => {
  const suite = browserSuite();
  const errors: string[] = [];
  const customer = { id: '', name: 'Katherine Johnson', company: 'Orbital Mechanics Inc.' };
  let deal = { id: '', title: 'Trajectory analysis' };
  let won = { id: '', title: 'Launch window study' };

  const pathname = (page: Page) => new URL(page.url()).pathname;

  const open = (path: string, options: NewPageOptions = {}) => suite.openAsAdmin(path, errors, options);

  /** Waits for a toast saying `text`. */
  async function toastSaying(page: Page, text: string) {
    await page.getByTestId('app-toast').filter({ hasText: text }).first().waitFor();
  }

  beforeAll(async () => {
    const api = await loginSession(suite.app, suite.app.admin);
    customer.id = ok(await api.mutation('customers.create', { name: customer.name, email: 'katherine@orbital.example', company: customer.company }), 'customer').customer.id;
    const created = ok(await api.mutation('deals.create', { title: deal.title, customerId: customer.id, value: 12500, probability: 40, stage: 'proposal', tags: ['nasa'] }), 'deal');
    deal = { id: created.deal.id, title: created.deal.title };
    const closed = ok(await api.mutation('deals.create', { title: won.title, customerId: customer.id, value: 3000, stage: 'closed_won' }), 'won deal');
    won = { id: closed.deal.id, title: closed.deal.title };
  });

  it('the summary cards say that Total Pipeline Value and Weighted Pipeline count open deals only', async () => {
    const page = await open('/admin/pipeline');
    await page.locator('[data-testid="pipeline-board"][data-loaded=""]').waitFor();
    // 12,500 open; the 3,000 won deal is not pipeline any more.
    expect(await page.getByTestId('pipeline-summary-totalValue').textContent()).toContain('$12,500');
    expect(await page.getByTestId('pipeline-summary-weightedValue').textContent()).toContain('$5,000');
    await page.getByTestId('pipeline-summary-totalValue-hint').hover();
    await expect.poll(() => page.getByTestId('pipeline-summary-totalValue-hint-content').textContent()).toContain('open deals');
    expect(await page.getByTestId('pipeline-summary-totalValue-hint').getAttribute('aria-label')).toBe('About Total Pipeline Value');
    await screenshot(page, 'deal-summary-tooltip-en.png');
    await page.getByTestId('pipeline-summary-weightedValue-hint').focus();
    await expect.poll(() => page.getByTestId('pipeline-summary-weightedValue-hint-content').textContent()).toContain('Closed Won and Closed Lost');
  });

  it('edits a deal opened by its deep link: field errors under the fields, then the saved title and value on its card', async () => {
    const page = await open(`/admin/pipeline/deals/${deal.id}`);
    const dialog = page.getByTestId('deal-detail');
    await expect.poll(() => dialog.getByTestId('deal-detail-title').textContent()).toBe(deal.title);
    await dialog.getByTestId('deal-edit').click();
    const form = dialog.getByTestId('deal-edit-form');
    await form.waitFor();
    expect(await form.getByLabel('Deal title').inputValue()).toBe(deal.title);
    expect(await form.getByLabel('Value ($)').inputValue()).toBe('12500');
    expect(await form.getByTestId('deal-customer-selected').textContent()).toContain(customer.name);
    // The admin may change the owner (crm:all).
    expect(await form.getByLabel('Assigned to').count()).toBe(1);

    await form.getByLabel('Deal title').fill('');
    await dialog.getByTestId('deal-edit-save').click();
    expect(await dialog.getByTestId('deal-edit-error-title').textContent()).toBe('Enter a deal title.');
    await form.getByLabel('Deal title').fill('Trajectory analysis, phase 2');
    await form.getByLabel('Probability (%)').fill('150');
    await dialog.getByTestId('deal-edit-save').click();
    await expect.poll(() => dialog.getByTestId('deal-edit-error-probability').textContent()).toBe('Enter a whole number from 0 to 100.');
    expect(await dialog.getByTestId('deal-edit-submit-error').textContent()).toBe('Please correct the highlighted fields.');
    await screenshot(page, 'deal-edit-en.png');

    await form.getByLabel('Probability (%)').fill('60');
    await form.getByLabel('Value ($)').fill('18250.75');
    await form.getByLabel('Tags').fill('nasa, phase-2');
    await dialog.getByTestId('deal-edit-save').click();
    await form.waitFor({ state: 'detached' });
    await toastSaying(page, 'Trajectory analysis, phase 2 was saved');
    expect(pathname(page)).toBe(`/admin/pipeline/deals/${deal.id}`);
    await expect.poll(() => dialog.getByTestId('deal-detail-title').textContent()).toBe('Trajectory analysis, phase 2');
    expect(await dialog.getByTestId('deal-detail-value').textContent()).toContain('$18,250.75');
    expect(await dialog.getByTestId('deal-detail-tags').textContent()).toContain('phase-2');
    await screenshot(page, 'deal-detail-en.png');

    await dialog.getByTestId('deal-detail-done').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => pathname(page)).toBe('/admin/pipeline');
    const card = page.getByTestId(`deal-card-${deal.id}`);
    await expect.poll(() => card.getByTestId('deal-title').textContent()).toBe('Trajectory analysis, phase 2');
    expect(await card.getByTestId('deal-value').textContent()).toBe('$18,250.75');
    await expect.poll(() => page.getByTestId('pipeline-summary-totalValue').textContent()).toContain('$18,250.75');
    deal.title = 'Trajectory analysis, phase 2';
    expect(errors).toEqual([]);
  });

  it("the customer's Deals tab links to the deal; the customer shows won value and open pipeline apart", async () => {
    const page = await open(`/admin/customers/${customer.id}`);
    await page.getByTestId('customer-detail-wonValue').waitFor();
    expect(await page.getByTestId('customer-detail-wonValue').textContent()).toContain('$3,000');
    expect(await page.getByTestId('customer-detail-openValue').textContent()).toContain('$18,250.75');
    await page.getByTestId('customer-tab-deals').click();
    await page.getByTestId(`customer-deal-link-${deal.id}`).click();
    await expect.poll(() => pathname(page)).toBe(`/admin/pipeline/deals/${deal.id}`);
    await expect.poll(() => page.getByTestId('deal-detail-title').textContent()).toBe(deal.title);
  });

  it('deletes after a confirmation (Cancel keeps it), goes back to the board; an admin restores it from Show deleted', async () => {
    const page = await open(`/admin/pipeline/deals/${deal.id}`);
    const dialog = page.getByTestId('deal-detail');
    await expect.poll(() => dialog.getByTestId('deal-detail-title').textContent()).toBe(deal.title);
    await dialog.getByTestId('deal-delete').click();
    const confirm = page.getByTestId('deal-delete-dialog');
    await confirm.waitFor();
    expect(await page.getByTestId('deal-delete-text').textContent()).toContain(deal.title);
    await page.getByTestId('deal-delete-cancel').click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await dialog.isVisible()).toBe(true);

    await dialog.getByTestId('deal-delete').click();
    await confirm.waitFor();
    await screenshot(page, 'deal-delete-confirm-en.png');
    await page.getByTestId('deal-delete-confirm').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => pathname(page)).toBe('/admin/pipeline');
    await toastSaying(page, `${deal.title} was deleted`);
    await page.locator('[data-testid="pipeline-board"][data-loaded=""]').waitFor();
    await expect.poll(() => page.getByTestId(`deal-card-${deal.id}`).count()).toBe(0);
    await expect.poll(() => page.getByTestId('pipeline-summary-totalValue').textContent()).toContain('$0');

    await page.getByTestId('pipeline-show-deleted').click();
    const row = page.getByTestId('deleted-deal').filter({ hasText: deal.title });
    await row.waitFor();
    expect(await row.textContent()).toContain(customer.name);
    await screenshot(page, 'deal-deleted-list-en.png');
    await row.getByTestId('deal-restore').click();
    await toastSaying(page, `${deal.title} is back on the board`);
    await expect.poll(() => page.getByTestId('deleted-deal').filter({ hasText: deal.title }).count()).toBe(0);
    await page.getByTestId('pipeline-show-deleted').click();
    await page.locator('[data-testid="pipeline-board"][data-loaded=""]').waitFor();
    await expect.poll(() => page.getByTestId(`deal-card-${deal.id}`).count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('reads in Arabic: the dialog, the edit form and the question right to left, Latin data kept whole', async () => {
    const page = await open(`/admin/pipeline/deals/${deal.id}`);
    const dialog = page.getByTestId('deal-detail');
    await expect.poll(() => dialog.getByTestId('deal-detail-title').textContent()).toBe(deal.title);
    await page.getByTestId('language-switcher-desktop').selectOption('ar');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(() => dialog.getByTestId('deal-edit').textContent()).toBe('تعديل');
    expect(await dialog.getByTestId('deal-detail-title').locator('bdi').textContent()).toBe(deal.title);
    await screenshot(page, 'deal-detail-ar.png');
    await dialog.getByTestId('deal-edit').click();
    await dialog.getByTestId('deal-edit-form').waitFor();
    await screenshot(page, 'deal-edit-ar.png');
    await dialog.getByTestId('deal-edit-cancel').click();
    await dialog.getByTestId('deal-delete').click();
    await page.getByTestId('deal-delete-dialog').waitFor();
    expect(await page.getByTestId('deal-delete-text').locator('bdi').textContent()).toBe(deal.title);
    await screenshot(page, 'deal-delete-confirm-ar.png');
    await page.getByTestId('deal-delete-cancel').click();
    expect(errors).toEqual([]);
  });
});
