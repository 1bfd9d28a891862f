/**
 * Browser test of the Marketing area's Campaigns and Analytics tabs (issue 16): Create Campaign refuses a campaign
 * without name and type ('Please provide campaign name and type'), creates one as draft with ROI "—"; the card's
 * icon activates, pauses and resumes it; the detail (a deep link, also after a reload) adds a cost entry and shows
 * the spend and the ROI turning from "—" into a value (red: not above 100 %); the summary cards and the Analytics
 * charts follow; Edit changes the campaign; a submission of the campaign's form is listed in the detail as its lead,
 * linked to the customer; Cancel asks for confirmation; Arabic reads right to left on a phone without overflow. Screenshots
 * under the test artifacts.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, browserSuite, screenshot, type NewPageOptions } from '../../test-support/browser.ts';
import { loginToken, rest } from '../../test-support/http.ts';

const POLL = { timeout: 20_000 };

describe('Marketing campaigns in the browser', () => {
  const suite = browserSuite();
  const errors: string[] = [];
  const open = (url: string, options: NewPageOptions = {}) => suite.openAsAdmin(url, errors, options);
  const noOverflow = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const text = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();

  it('creates a campaign, runs its lifecycle, records a cost, and shows its ROI, the cards and the charts', async () => {
    const page = await open('/admin/marketing', { width: 1280, height: 1000 });
    await page.getByTestId('campaigns-tab').waitFor();
    await page.getByTestId('campaigns-empty').waitFor();
    await expect.poll(() => text(page, 'marketing-card-campaigns-value'), POLL).toBe('0');

    // Create Campaign: name and type required, then a draft with nothing spent.
    await page.getByTestId('marketing-create-campaign').click();
    const dialog = page.getByTestId('campaign-form-dialog');
    await dialog.waitFor();
    await page.getByTestId('campaign-form-save').click();
    await expect(text(page, 'campaign-form-error')).resolves.toBe('Please provide campaign name and type');
    await page.getByTestId('campaign-name').fill('Spring Launch');
    await page.getByTestId('campaign-form-save').click();
    await expect(text(page, 'campaign-form-error')).resolves.toBe('Please provide campaign name and type');
    await page.getByTestId('campaign-type').selectOption('email');
    await page.getByTestId('campaign-budget').fill('1000');
    await page.getByTestId('campaign-audience').fill('region: EMEA\nsegment: SMB');
    await page.getByTestId('campaign-form-save').click();
    await dialog.waitFor({ state: 'hidden' });

    const card = page.getByTestId('campaign-card').first();
    await card.waitFor();
    await expect(card.getByTestId('campaign-card-name').textContent()).resolves.toBe('Spring Launch');
    await expect.poll(() => card.getByTestId('campaign-card-status').textContent(), POLL).toBe('Draft');
    await expect(card.getByTestId('campaign-card-roi').textContent()).resolves.toBe('—');
    await expect(card.getByTestId('campaign-card-budget').textContent()).resolves.toBe('$1,000');
    await expect(card.getByTestId('campaign-card-pause').count()).resolves.toBe(0);

    // Lifecycle from the card: activate, pause, resume.
    await card.getByTestId('campaign-card-activate').click();
    await expect.poll(() => card.getByTestId('campaign-card-status').textContent(), POLL).toBe('Active');
    await card.getByTestId('campaign-card-pause').click();
    await expect.poll(() => card.getByTestId('campaign-card-status').textContent(), POLL).toBe('Paused');
    await card.getByTestId('campaign-card-resume').click();
    await expect.poll(() => card.getByTestId('campaign-card-status').textContent(), POLL).toBe('Active');
    await expect.poll(() => text(page, 'marketing-card-campaigns-hint'), POLL).toBe('1 active');

    // The detail: a deep link; a cost entry turns ROI "—" into a value.
    await card.getByTestId('campaign-card-view').click();
    const detail = page.getByTestId('campaign-detail');
    await detail.waitFor();
    await expect.poll(() => new URL(page.url()).pathname, POLL).toMatch(/^\/admin\/marketing\/campaigns\/[0-9a-f-]{36}$/);
    const campaignId = new URL(page.url()).pathname.split('/').pop()!;
    await expect.poll(() => text(page, 'campaign-detail-status'), POLL).toBe('Active');
    await expect(text(page, 'campaign-detail-roi')).resolves.toBe('—');
    await expect(text(page, 'campaign-detail-spent')).resolves.toBe('$0');
    await page.getByTestId('campaign-costs-empty').waitFor();
    await page.getByTestId('campaign-cost-add').click();
    await expect(text(page, 'campaign-cost-error')).resolves.toBe('Enter an amount greater than 0 and a date.');
    await page.getByTestId('campaign-cost-amount-input').fill('250');
    await page.getByTestId('campaign-cost-note-input').fill('Newsletter ads');
    await page.getByTestId('campaign-cost-add').click();
    await expect.poll(() => text(page, 'campaign-detail-spent'), POLL).toBe('$250');
    // Nothing won yet: (0 − 250) / 250 = −100 %, red.
    await expect.poll(() => text(page, 'campaign-detail-roi'), POLL).toBe('-100%');
    const roiColor = await page.getByTestId('campaign-detail-roi').evaluate((el) => getComputedStyle(el).color);
    const [r, g] = roiColor.match(/\d+/g)!.map(Number);
    expect(r!).toBeGreaterThan(g!);
    await expect(page.getByTestId('campaign-cost').count()).resolves.toBe(1);
    await screenshot(page, 'marketing-campaign-detail.png');

    // A reload keeps the detail open (the area's record route).
    await page.reload();
    await page.getByTestId('campaign-detail').waitFor();
    await expect.poll(() => text(page, 'campaign-detail-spent'), POLL).toBe('$250');
    await page.getByTestId('campaign-detail-done').click();
    await detail.waitFor({ state: 'hidden' });
    await expect.poll(() => new URL(page.url()).pathname, POLL).toBe('/admin/marketing');

    // The card and the summary follow.
    await expect.poll(() => card.getByTestId('campaign-card-spent').textContent(), POLL).toBe('$250');
    await expect.poll(() => card.getByTestId('campaign-card-roi').textContent(), POLL).toBe('-100%');
    await expect.poll(() => text(page, 'marketing-card-budget-value'), POLL).toBe('$1,000');
    await expect.poll(() => text(page, 'marketing-card-budget-hint'), POLL).toBe('$250 spent');
    await expect.poll(() => text(page, 'marketing-card-roi-value'), POLL).toBe('-100%');

    // Edit: the same form, filled in.
    await card.getByTestId('campaign-card-edit').click();
    await dialog.waitFor();
    await expect(page.getByTestId('campaign-name').inputValue()).resolves.toBe('Spring Launch');
    await expect(page.getByTestId('campaign-audience').inputValue()).resolves.toBe('region: EMEA\nsegment: SMB');
    await page.getByTestId('campaign-name').fill('Spring Launch 2');
    await page.getByTestId('campaign-form-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => card.getByTestId('campaign-card-name').textContent(), POLL).toBe('Spring Launch 2');

    // Search.
    await page.getByTestId('campaigns-search').fill('nothing like it');
    await page.getByTestId('campaigns-empty').waitFor();
    await page.getByTestId('campaigns-search').fill('spring');
    await card.waitFor();
    await noOverflow(page, 1280);
    await screenshot(page, 'marketing-campaigns.png', { fullPage: true });

    // Analytics: the campaign with spend is charted; the other charts show their empty state.
    await page.getByTestId('marketing-tab-analytics').click();
    await page.getByTestId('marketing-analytics').waitFor();
    await page.getByTestId('dashboard-chart-marketing-campaigns-drawing').waitFor();
    await expect(page.getByTestId('dashboard-chart-marketing-campaigns-table').locator('tbody tr').count()).resolves.toBe(1);
    await page.getByTestId('dashboard-chart-marketing-spend-drawing').waitFor();
    await page.getByTestId('dashboard-chart-marketing-forms-empty').waitFor();
    await page.getByTestId('marketing-analytics-months').selectOption('12');
    await expect.poll(() => page.getByTestId('dashboard-chart-marketing-spend-table').locator('tbody tr').count(), POLL).toBe(12);
    await screenshot(page, 'marketing-analytics.png', { fullPage: true });

    // A lead through the campaign's form (public API): listed in the detail with a link to the customer.
    const token = await loginToken(suite.app, suite.app.admin);
    const form = await rest(suite.app, '/api/marketing/forms', { method: 'POST', token, json: { name: 'Spring form', title: 'Join the launch', campaignId } });
    expect(form.status, JSON.stringify(form.body)).toBe(201);
    const served = await rest(suite.app, `/api/forms/${form.body.form.slug}`);
    await new Promise((r) => setTimeout(r, 3100)); // FORM_MIN_FILL_SECONDS (3): sooner would be spam
    const sent = await rest(suite.app, `/api/forms/${form.body.form.slug}/submissions`, { method: 'POST', json: { formToken: served.body.formToken, data: { full_name: 'Lena Lead', email: 'lena.lead@example.com' } } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await page.goto(`/admin/marketing/campaigns/${campaignId}`);
    await page.getByTestId('campaign-detail').waitFor();
    await expect.poll(() => text(page, 'campaign-detail-leads'), POLL).toBe('1');
    const lead = page.getByTestId('campaign-lead').first();
    await expect(lead.textContent()).resolves.toContain('Lena Lead');
    await expect(page.getByTestId('campaign-detail-forms').textContent()).resolves.toContain('Spring form');
    await lead.getByRole('link', { name: 'Lena Lead' }).click();
    await expect.poll(() => new URL(page.url()).pathname, POLL).toMatch(/^\/admin\/customers\/[0-9a-f-]{36}$/);

    // Arabic on a phone: right to left, the card's texts in Arabic, nothing wider than the screen.
    const phone = await open('/admin/marketing', { width: 390, height: 844, hasTouch: true });
    await phone.getByTestId('language-switcher-desktop').selectOption('ar').catch(async () => {
      await phone.evaluate(() => localStorage.setItem('crm-locale', 'ar'));
      await phone.reload();
    });
    await expect.poll(() => phone.evaluate(() => document.documentElement.dir), POLL).toBe('rtl');
    const arCard = phone.getByTestId('campaign-card').first();
    await arCard.waitFor();
    await expect.poll(() => arCard.getByTestId('campaign-card-status').textContent(), POLL).toBe('نشطة');
    await expect(phone.getByTestId('marketing-tab-campaigns').textContent()).resolves.toBe('الحملات');
    await noOverflow(phone, 390);
    await screenshot(phone, 'marketing-campaigns-phone-ar.png', { fullPage: true });
    await phone.getByTestId('marketing-create-campaign').click();
    await phone.getByTestId('campaign-form-save').click();
    await expect(text(phone, 'campaign-form-error')).resolves.toBe('يرجى إدخال اسم الحملة ونوعها');
    await phone.keyboard.press('Escape');
    await phone.getByTestId('marketing-tab-analytics').click();
    await phone.getByTestId('marketing-analytics').waitFor();
    await noOverflow(phone, 390);
    await screenshot(phone, 'marketing-analytics-phone-ar.png', { fullPage: true });

    // Cancel asks first (a cancelled campaign is final); then no lifecycle button and no new cost.
    await page.goto(`/admin/marketing/campaigns/${campaignId}`);
    await page.getByTestId('campaign-detail').waitFor();
    await page.getByTestId('campaign-detail-cancel').click();
    await expect(text(page, 'campaign-cancel-text')).resolves.toBe('Cancel the campaign "Spring Launch 2"? A cancelled campaign cannot be reopened.');
    await page.getByTestId('campaign-cancel-cancel').click();
    await expect.poll(() => text(page, 'campaign-detail-status'), POLL).toBe('Active');
    await page.getByTestId('campaign-detail-cancel').click();
    await page.getByTestId('campaign-cancel-confirm').click();
    await expect.poll(() => text(page, 'campaign-detail-status'), POLL).toBe('Cancelled');
    await expect(page.getByTestId('campaign-detail-pause').count()).resolves.toBe(0);
    await expect(page.getByTestId('campaign-cost-add').count()).resolves.toBe(0);

    expect(errors).toEqual([]);
  }, 180_000);

  it('has no axe violations on the Campaigns tab, a campaign detail and the Analytics tab', async () => {
    const page = await open('/admin/marketing', { width: 1280, height: 1000, bypassCSP: true });
    await page.getByTestId('campaign-card').first().waitFor();
    await page.getByTestId('marketing-card-campaigns').waitFor();
    expect(await axeViolations(page, { include: ['[data-testid="marketing"]'] })).toEqual([]);
    await page.getByTestId('campaign-card-view').first().click();
    await page.getByTestId('campaign-detail-status').waitFor();
    expect(await axeViolations(page, { include: ['[data-testid="campaign-detail"]'] })).toEqual([]);
    await page.getByTestId('campaign-detail-done').click();
    await page.getByTestId('marketing-tab-analytics').click();
    await page.getByTestId('dashboard-chart-marketing-spend-drawing').waitFor();
    expect(await axeViolations(page, { include: ['[data-testid="marketing"]'] })).toEqual([]);
    expect(errors).toEqual([]);
  }, 60_000);

  it('pages the cards 24 at a time, in Arabic on a phone too', async () => {
    const token = await loginToken(suite.app, suite.app.admin);
    for (let i = 1; i <= 25; i++) {
      const res = await rest(suite.app, '/api/marketing/campaigns', { method: 'POST', token, json: { name: `Paged ${String(i).padStart(2, '0')}`, type: 'content' } });
      expect(res.status).toBe(201);
    }
    const page = await open('/admin/marketing', { width: 1280, height: 1000 });
    await page.getByTestId('campaigns-search').fill('Paged');
    await expect.poll(() => text(page, 'campaigns-pager'), POLL).toContain('Page 1 of 2 · 25 campaigns');
    await expect(page.getByTestId('campaign-card').count()).resolves.toBe(24);
    await expect(text(page, 'campaign-card-name')).resolves.toBe('Paged 25');
    await page.getByTestId('campaigns-pager').getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByTestId('campaign-card').count(), POLL).toBe(1);
    await expect(text(page, 'campaign-card-name')).resolves.toBe('Paged 01');
    // A filter goes back to the first page.
    await page.getByTestId('campaigns-type').selectOption('content');
    await expect.poll(() => text(page, 'campaigns-pager'), POLL).toContain('Page 1 of 2');

    const phone = await open('/admin/marketing', { width: 390, height: 844, hasTouch: true });
    await phone.getByTestId('language-switcher-desktop').selectOption('ar').catch(async () => {
      await phone.evaluate(() => localStorage.setItem('crm-locale', 'ar'));
      await phone.reload();
    });
    await expect.poll(() => phone.evaluate(() => document.documentElement.dir), POLL).toBe('rtl');
    await phone.getByTestId('campaigns-search').fill('Paged');
    await expect.poll(() => text(phone, 'campaigns-pager'), POLL).toContain('الصفحة 1 من 2 · 25 حملة');
    await expect(phone.getByTestId('campaigns-pager').getByRole('button', { name: 'التالي' }).count()).resolves.toBe(1);
    await phone.getByTestId('campaigns-pager').scrollIntoViewIfNeeded();
    await screenshot(phone, 'marketing-campaigns-pager-phone-ar.png');
    await noOverflow(phone, 390);
    expect(errors).toEqual([]);
  }, 120_000);
});

