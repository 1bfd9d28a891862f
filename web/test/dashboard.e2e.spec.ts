/**
 * Browser test of the Dashboard (issue 13): `/admin` lands on it; the KPI cards and the four charts render (drawn, with
 * their text-equivalent tables) in English and Arabic, on a desktop (1280) and a phone (390) without horizontal
 * overflow (screenshots under the test artifacts); switching the period reloads the figures; a user with no records
 * sees every chart's empty state; a failed load shows an error with Retry (no demo figures), and Retry recovers.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { CustomerPlan, DealPlan, TaskPlan } from '../../services/src/crm/seed/generators.ts';
import { createSeedCommands } from '../../services/src/crm/seed/crm-commands.ts';
import { waitForProjection } from '../../services/src/platform/read-your-writes.ts';
import { browserSuite, screenshot, submitLoginForm, type NewPageOptions } from '../../test-support/browser.ts';
import { createAccount, type TestAccount } from '../../test-support/http.ts';

const DAY = 86_400_000;

describe('Dashboard in the browser', () => {
  const suite = browserSuite();
  const errors: string[] = [];
  let seller: TestAccount;
  let adminId = '';

  const open = (account: { email: string; password: string }, url: string, options: NewPageOptions = {}) => suite.openAs(account, url, errors, options);
  const pathname = (page: Page) => new URL(page.url()).pathname;
  const text = (page: Page, testId: string) => page.getByTestId(testId).textContent();

  beforeAll(async () => {
    seller = await createAccount(suite.app, { userType: 'user', name: 'Sally Seller' });
    const { pool, store } = suite.app.platform;
    // The admin is created at start-up: wait until the users read model has it.
    await vi.waitFor(async () => {
      await waitForProjection({ pool, store }, 'users', await store.headCheckpoint(), 5_000);
      adminId = (await pool.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1)', [suite.app.admin.email])).rows[0]!.id;
    }, { timeout: 20_000, interval: 200 });
    const commands = createSeedCommands({ pool, store, filesDir: path.join(suite.app.dataDir, 'files') });
    const now = Date.now();
    const ago = (days: number) => new Date(now - days * DAY);
    // Three customers in the last 7 days, two more 8–30 days ago, one 60 days ago.
    const people = [
      { name: 'Ada Lovelace', source: 'website', days: 1, status: 'customer' },
      { name: 'Grace Hopper', source: 'referral', days: 2, status: 'prospect' },
      { name: 'Katherine Johnson', source: 'website', days: 5, status: 'lead' },
      { name: 'Hedy Lamarr', source: 'social_media', days: 12, status: 'lead' },
      { name: 'Mary Jackson', source: 'cold_call', days: 20, status: 'prospect' },
      { name: 'Dorothy Vaughan', source: 'advertising', days: 60, status: 'customer' },
    ] as const;
    const ids: string[] = [];
    for (const p of people) {
      const plan = { at: ago(p.days), name: p.name, email: `${p.name.split(' ')[0]!.toLowerCase()}@example.com`, phone: '+1 555 0100', company: `${p.name.split(' ')[1]} Labs`, website: 'https://example.com', address: '1 Main St', city: 'Springfield', country: 'US', industry: 'Technology', leadSource: p.source, notes: null, status: p.status, leadScore: 60, tags: [], communications: [] } as unknown as CustomerPlan;
      ids.push(await commands.createCustomer(plan, adminId));
    }
    const deals: { title: string; value: number; days: number; moves: { stage: DealPlan['moves'][number]['stage']; days: number }[] }[] = [
      { title: 'Engines: annual licence', value: 12_500, days: 3, moves: [{ stage: 'closed_won', days: 1 }] },
      { title: 'Compilers: pilot', value: 4_000, days: 6, moves: [{ stage: 'proposal', days: 4 }] },
      { title: 'Orbits: support', value: 8_000, days: 25, moves: [{ stage: 'closed_won', days: 15 }] },
      { title: 'Radio: patents', value: 2_500, days: 40, moves: [{ stage: 'closed_won', days: 45 - 5 }] },
      { title: 'Wind tunnel: study', value: 3_000, days: 10, moves: [{ stage: 'negotiation', days: 8 }] },
      { title: 'Slide rules: bulk', value: 1_200, days: 9, moves: [{ stage: 'closed_lost', days: 3 }] },
    ];
    for (const [k, d] of deals.entries()) {
      const plan: DealPlan = { at: ago(d.days), customer: 0, title: d.title, value: d.value, probability: 10, expectedCloseDate: new Date(now + 30 * DAY).toISOString().slice(0, 10), leadSource: 'website', tags: [], moves: [] };
      const id = await commands.createDeal(plan, ids[k % ids.length]!, adminId);
      for (const m of d.moves) await commands.moveDeal(id, { stage: m.stage, at: ago(m.days), probability: m.stage === 'closed_won' ? 100 : m.stage === 'closed_lost' ? 0 : 50 }, adminId);
    }
    for (const [k, t] of (['completed', 'completed', 'pending', 'in_progress'] as const).entries()) {
      const plan: TaskPlan = { at: ago(k + 1), title: `Follow-up ${k + 1}`, description: null, type: 'call', priority: 'medium', customer: null, deal: null, dueDate: new Date(now + DAY), estimatedHours: 1, tags: [], status: t, statusAt: t === 'pending' ? null : ago(k + 0.5) };
      const id = await commands.createTask(plan, null, null, adminId);
      if (t !== 'pending') await commands.finishTask(id, plan, adminId);
    }
    expect(await waitForProjection({ pool, store }, 'crm_dashboard', await store.headCheckpoint(), 20_000)).toBe(true);
  }, 120_000);

  it('lands on the Dashboard from /admin, renders the KPIs and charts, and reloads when the period changes (en)', async () => {
    const page = await open(suite.app.admin, '/admin', { width: 1280, height: 1000 });
    await expect.poll(() => pathname(page)).toBe('/admin/dashboard');
    await expect.poll(() => page.getByTestId('admin-tab-dashboard').getAttribute('aria-current')).toBe('page');
    const content = page.getByTestId('dashboard-content');
    await expect.poll(() => content.getAttribute('data-period')).toBe('30');
    await expect(page.getByTestId('dashboard-period-30').getAttribute('aria-pressed')).resolves.toBe('true');
    // 30 days: five new customers, five new deals, $20,500 won (12,500 + 8,000), 2 of 4 tasks completed.
    await expect.poll(() => text(page, 'dashboard-kpi-customers-value')).toBe('5');
    await expect(text(page, 'dashboard-kpi-revenue-value')).resolves.toBe('$20,500');
    await expect(text(page, 'dashboard-kpi-deals-value')).resolves.toBe('5');
    await expect(text(page, 'dashboard-kpi-completion-value')).resolves.toBe('50%');
    await expect(text(page, 'dashboard-updated')).resolves.toMatch(/Last updated/);
    // Each chart is drawn (an SVG) and has its text equivalent.
    for (const id of ['revenue', 'pipeline', 'acquisition', 'funnel']) {
      await page.getByTestId(`dashboard-chart-${id}-drawing`).locator('svg').first().waitFor({ state: 'attached' });
      expect(await page.getByTestId(`dashboard-chart-${id}-empty`).count()).toBe(0);
    }
    await expect(page.getByTestId('dashboard-chart-acquisition-table').textContent()).resolves.toContain('Website2');
    await expect(page.getByTestId('dashboard-chart-funnel-table').textContent()).resolves.toContain('Leads5');
    await expect(page.getByTestId('dashboard-chart-pipeline-table').textContent()).resolves.toContain('Closed Won');
    const items = page.getByTestId('dashboard-activity-item');
    await expect.poll(() => items.count()).toBe(5);
    await screenshot(page, 'dashboard-desktop-en.png', { fullPage: true });

    // 7 days: three new customers, two new deals, $12,500 won.
    await page.getByTestId('dashboard-period-7').click();
    await expect.poll(() => content.getAttribute('data-period')).toBe('7');
    await expect.poll(() => text(page, 'dashboard-kpi-customers-value')).toBe('3');
    await expect(text(page, 'dashboard-kpi-revenue-value')).resolves.toBe('$12,500');
    await expect(text(page, 'dashboard-kpi-deals-value')).resolves.toBe('2');
    await expect(page.getByTestId('dashboard-period-7').getAttribute('aria-pressed')).resolves.toBe('true');
    // 90 days: all six customers.
    await page.getByTestId('dashboard-period-90').click();
    await expect.poll(() => text(page, 'dashboard-kpi-customers-value')).toBe('6');

    // A recent-activity entry links to its record.
    await items.first().getByRole('link').click();
    await expect.poll(() => pathname(page)).toMatch(/^\/admin\/(customers|pipeline\/deals|tasks)\/[0-9a-f-]{36}$/);
    expect(errors).toEqual([]);
  });

  for (const locale of ['en', 'ar'] as const) {
    it(`fits a desktop and a phone without horizontal overflow (${locale})`, async () => {
      for (const width of [1280, 390]) {
        const page = await open(suite.app.admin, '/admin/dashboard', { width, height: width === 390 ? 844 : 1000, ...(width === 390 ? { hasTouch: true } : {}) });
        if (locale === 'ar') {
          await page.getByTestId('language-switcher-desktop').selectOption('ar');
          await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
          await expect.poll(() => page.getByTestId('dashboard').getByRole('heading', { level: 2 }).textContent()).toBe('لوحة المعلومات');
        }
        await page.getByTestId('dashboard-content').waitFor();
        for (const id of ['revenue', 'pipeline', 'acquisition', 'funnel']) await page.getByTestId(`dashboard-chart-${id}-drawing`).locator('svg').first().waitFor({ state: 'attached' });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        if (locale === 'ar') await expect(page.getByTestId('dashboard-kpi-revenue').textContent()).resolves.toContain('الإيرادات');
        await screenshot(page, `dashboard-${width === 390 ? 'phone' : 'desktop'}-${locale}${width === 1280 && locale === 'en' ? '-second' : ''}.png`, { fullPage: true });
        await page.close();
      }
      expect(errors).toEqual([]);
    });
  }

  it('shows a user without records every chart’s empty state', async () => {
    const page = await open(seller, '/admin', { width: 1280, height: 1000 });
    await expect.poll(() => pathname(page)).toBe('/admin/dashboard');
    await page.getByTestId('dashboard-content').waitFor();
    for (const id of ['revenue', 'pipeline', 'acquisition', 'funnel']) await page.getByTestId(`dashboard-chart-${id}-empty`).waitFor();
    await page.getByTestId('dashboard-activity-empty').waitFor();
    await expect(text(page, 'dashboard-kpi-revenue-value')).resolves.toBe('$0');
    await screenshot(page, 'dashboard-empty-en.png', { fullPage: true });
    expect(errors).toEqual([]);
  });

  it('shows an error with Retry when the figures cannot be loaded, never demo figures', async () => {
    const page = await suite.newPage({ width: 1280, height: 900 });
    page.setDefaultTimeout(15_000);
    let fail = true;
    await page.route(/\/trpc\/[^?]*dashboard\.analytics/, (route) => (fail ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify([{ error: { message: 'boom', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } } }]) }) : route.continue()));
    await page.goto('/admin/dashboard');
    await submitLoginForm(page, suite.app.admin.email, suite.app.admin.password);
    const alert = page.getByTestId('dashboard-error');
    await alert.waitFor();
    expect(await page.getByTestId('dashboard-content').count()).toBe(0);
    await expect(page.locator('body').textContent()).resolves.not.toContain('Demo data');
    fail = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.getByTestId('dashboard-content').waitFor();
    await alert.waitFor({ state: 'detached' });
  });
});
