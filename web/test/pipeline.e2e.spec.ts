/**
 * Browser test of the Pipeline tab (spec 02 §2, §4, §8; issue 5 "Sales pipeline"): summary cards, columns with
 * count and total, cards with the real customer name, server search, Add Deal as a real dialog, drag and drop
 * with a real mouse (saved and still there after a reload; a refused move snaps back with the error toast;
 * dropping on its own column makes no call), and Revenue Forecasting / Pipeline Metrics from real deals,
 * in English and Arabic (right to left).
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, browserSuite, screenshot, type NewPageOptions } from '../../test-support/browser.ts';
import { loginSession, type ApiResponse } from '../../test-support/http.ts';

type Client = Awaited<ReturnType<typeof loginSession>>;

/** YYYY-MM-DD of the first day of the month `offset` months from now, plus `day - 1` days. */
function monthDate(offset: number, day = 15): string {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, day));
  return date.toISOString().slice(0, 10);
}

function ok(res: ApiResponse, what: string) {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

describe('Pipeline tab in the browser', () => {
  const suite = browserSuite();
  const errors: string[] = [];
  let api: Client;
  const customers: Record<string, { id: string; name: string }> = {};
  const deals: Record<string, { id: string; title: string }> = {};

  async function createCustomer(key: string, name: string, company: string) {
    const body = ok(await api.mutation('customers.create', { name, email: `${key}@example.com`, company }), `customer ${key}`);
    customers[key] = { id: body.customer.id, name };
  }

  async function createDeal(key: string, input: Record<string, unknown>) {
    const body = ok(await api.mutation('deals.create', input), `deal ${key}`);
    deals[key] = { id: body.deal.id, title: body.deal.title };
  }

  async function openPipeline(options: NewPageOptions & { before?(page: Page): Promise<void> } = {}): Promise<Page> {
    const { before, ...pageOptions } = options;
    const page = await suite.openAsAdmin('/admin', errors, pageOptions);
    page.setDefaultTimeout(30_000);
    await before?.(page);
    await page.getByTestId('admin-tab-pipeline').click();
    if (!before) await page.locator('[data-testid="pipeline-board"][data-loaded=""]').waitFor();
    return page;
  }

  const card = (page: Page, key: string) => page.getByTestId(`deal-card-${deals[key]!.id}`);
  const list = (page: Page, stage: string) => page.getByTestId(`pipeline-list-${stage}`);
  const columnOf = (page: Page, key: string) =>
    card(page, key).evaluate((el) => el.closest('[data-stage]')?.getAttribute('data-stage') ?? null);

  /** A real mouse drag: press on the card's title, move in steps to the target, release. */
  async function drag(page: Page, from: Locator, to: Locator, options: { offsetY?: number } = {}) {
    const source = await from.getByTestId('deal-title').boundingBox();
    const target = await to.boundingBox();
    if (!source || !target) throw new Error('drag: element not visible');
    const startX = source.x + source.width / 2;
    const startY = source.y + source.height / 2;
    await page.mouse.move(startX, startY);
    await page.mouse.down();
    await page.mouse.move(startX + 8, startY + 8, { steps: 4 });
    await page.mouse.move(target.x + target.width / 2, target.y + (options.offsetY ?? Math.min(target.height - 10, 60)), { steps: 20 });
    await page.mouse.up();
  }

  async function lastToast(page: Page) {
    const toast = page.getByTestId('app-toast').last();
    await toast.waitFor();
    // Read once it has its text: a clean-clone run under load read an empty one (type already set) right after
    // it appeared.
    await expect.poll(async () => (await toast.textContent())?.trim() ?? '').not.toBe('');
    return { type: await toast.getAttribute('data-type'), text: (await toast.textContent()) ?? '' };
  }

  beforeAll(async () => {
    api = await loginSession(suite.app, suite.app.admin);
    await createCustomer('ada', 'Ada Lovelace', 'Analytical Engines Ltd');
    await createCustomer('grace', 'Grace Hopper', 'Cobol Corp');
    await createDeal('renewal', {
      title: 'Annual licence renewal',
      customerId: customers.ada!.id,
      value: 12000,
      probability: 85,
      stage: 'prospecting',
      expectedCloseDate: monthDate(0),
      tags: ['enterprise', 'renewal'],
    });
    await createDeal('pilot', { title: 'Pilot project', customerId: customers.grace!.id, value: 5000, probability: 30, stage: 'prospecting', expectedCloseDate: monthDate(1) });
    await createDeal('upsell', { title: 'Support upsell', customerId: customers.grace!.id, value: 8000, probability: 65, stage: 'proposal', expectedCloseDate: monthDate(2) });
    await createDeal('won', { title: 'Starter plan', customerId: customers.ada!.id, value: 3000.5, stage: 'closed_won' });
    await createDeal('doomed', { title: 'Doomed deal', customerId: customers.ada!.id, value: 1000, probability: 45, stage: 'qualification' });
  });

  it('shows the summary, the six columns with counts and totals, and cards with the real customer; searches on the server', async () => {
    const page = await openPipeline();
    // Open deals only (the 3,000.50 won deal is no longer pipeline): 12000 + 5000 + 8000 + 1000
    expect(await page.getByTestId('pipeline-summary-totalValue').textContent()).toContain('$26,000');
    // 12000×.85 + 5000×.3 + 8000×.65 + 1000×.45 = 10200 + 1500 + 5200 + 450
    expect(await page.getByTestId('pipeline-summary-weightedValue').textContent()).toContain('$17,350');
    expect(await page.getByTestId('pipeline-summary-activeDeals').textContent()).toContain('4');
    expect(await page.getByTestId('pipeline-summary-wonDeals').textContent()).toContain('1');

    const headings = await page.locator('[data-testid^="pipeline-column-"] h3').allTextContents();
    expect(headings).toEqual(['Prospecting', 'Qualification', 'Proposal', 'Negotiation', 'Closed Won', 'Closed Lost']);
    expect(await page.getByTestId('pipeline-column-count-prospecting').textContent()).toBe('2');
    expect(await page.getByTestId('pipeline-column-total-prospecting').textContent()).toBe('$17,000');
    expect(await page.getByTestId('pipeline-column-count-closed_lost').textContent()).toBe('0');

    const renewal = card(page, 'renewal');
    expect(await renewal.getByTestId('deal-title').textContent()).toBe('Annual licence renewal');
    expect(await renewal.getByTestId('deal-company').textContent()).toBe('Analytical Engines Ltd');
    expect(await renewal.getByTestId('deal-customer').textContent()).toBe('Ada Lovelace');
    expect(await renewal.getByTestId('deal-value').textContent()).toBe('$12,000');
    expect(await renewal.getByTestId('deal-probability').getAttribute('data-color')).toBe('green');
    expect(await card(page, 'upsell').getByTestId('deal-probability').getAttribute('data-color')).toBe('yellow');
    expect(await card(page, 'doomed').getByTestId('deal-probability').getAttribute('data-color')).toBe('orange');
    expect(await card(page, 'pilot').getByTestId('deal-probability').getAttribute('data-color')).toBe('red');
    expect(await renewal.getByTestId('deal-tags').textContent()).toContain('enterprise');
    expect(await renewal.getByTestId('deal-close-date').textContent()).toMatch(/^Closes /);
    await screenshot(page, 'pipeline-kanban-en.png', { fullPage: true });

    await page.getByTestId('pipeline-search').fill('cobol');
    await page.locator('[data-testid="pipeline-board"][data-loaded="cobol"]').waitFor();
    await expect.poll(() => page.locator('[data-deal-id]').count()).toBe(2);
    expect(await page.getByTestId('pipeline-summary-totalValue').textContent()).toContain('$13,000');
    await page.getByTestId('pipeline-search').fill('');
    await page.locator('[data-testid="pipeline-board"][data-loaded=""]').waitFor();
    await expect.poll(() => page.locator('[data-deal-id]').count()).toBe(5);
  });

  it('Add Deal is a real dialog: required fields, the server field errors, then the new deal in its column', async () => {
    const page = await openPipeline();
    await page.getByTestId('pipeline-add-deal').click();
    const dialog = page.getByTestId('deal-dialog');
    await dialog.waitFor();
    await page.getByTestId('deal-submit').click();
    expect(await page.getByTestId('deal-error-title').textContent()).toBe('Enter a deal title.');
    expect(await page.getByTestId('deal-error-customerId').textContent()).toBe('Choose a customer.');

    await dialog.getByLabel('Deal title').fill('Consulting package');
    await page.getByTestId('deal-customer-search').fill('Hopper');
    await page.getByTestId(`deal-customer-option-${customers.grace!.id}`).click();
    expect(await page.getByTestId('deal-customer-selected').textContent()).toContain('Grace Hopper');
    await dialog.getByLabel('Value ($)').fill('4200');
    await dialog.getByLabel('Probability (%)').fill('150');
    await dialog.getByLabel('Stage').selectOption('negotiation');
    await dialog.getByLabel('Tags').fill(`consulting, q3, ${'x'.repeat(41)}`);
    await page.getByTestId('deal-submit').click();
    // The server refuses the probability and the third tag (`tags.2`) and names the fields: both show beside theirs.
    await expect.poll(() => page.getByTestId('deal-error-probability').textContent()).toBe('Enter a whole number from 0 to 100.');
    expect(await page.getByTestId('deal-error-tags').textContent()).toBe('Tags must be at most 40 characters each, 20 tags at most.');
    expect(await page.getByTestId('deal-submit-error').textContent()).toBe('Please correct the highlighted fields.');
    await screenshot(page, 'pipeline-add-deal-en.png');

    await dialog.getByLabel('Probability (%)').fill('70');
    await dialog.getByLabel('Tags').fill('consulting, q3');
    await page.getByTestId('deal-submit').click();
    await dialog.waitFor({ state: 'detached' });
    const toast = await lastToast(page);
    expect(toast.text).toContain('Consulting package was added to Negotiation');
    const created = list(page, 'negotiation').locator('[data-deal-id]').filter({ hasText: 'Consulting package' });
    await created.waitFor();
    expect(await created.getByTestId('deal-customer').textContent()).toBe('Grace Hopper');
    expect(await created.getByTestId('deal-value').textContent()).toBe('$4,200');
    expect(await created.getByTestId('deal-tags').textContent()).toContain('q3');
    await expect.poll(() => page.getByTestId('pipeline-column-count-negotiation').textContent()).toBe('1');
  });

  it('a real mouse drag moves a deal, saves it and it is still there after a reload', async () => {
    const page = await openPipeline();
    const moves: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/trpc/deals.move')) moves.push(request.postData() ?? '');
    });
    await drag(page, card(page, 'pilot'), list(page, 'proposal'));
    // Shown at once, then saved.
    await expect.poll(() => columnOf(page, 'pilot')).toBe('proposal');
    const toast = await lastToast(page);
    expect(toast.type).toBe('success');
    expect(toast.text).toContain('Deal Updated');
    expect(toast.text).toContain('Deal moved to Proposal');
    expect(moves).toHaveLength(1);
    expect(JSON.parse(moves[0]!)).toEqual({ id: deals.pilot!.id, stage: 'proposal' });
    await expect.poll(() => page.getByTestId('pipeline-column-count-proposal').textContent()).toBe('2');
    expect(await page.getByTestId('pipeline-column-count-prospecting').textContent()).toBe('1');

    await page.reload();
    await page.getByTestId('admin-tab-pipeline').click();
    await page.locator('[data-testid="pipeline-board"][data-loaded=""]').waitFor();
    expect(await columnOf(page, 'pilot')).toBe('proposal');
    expect(await page.getByTestId('pipeline-column-total-proposal').textContent()).toBe('$13,000');
  });

  it('dropping a deal on its own column makes no request and changes nothing', async () => {
    const page = await openPipeline();
    const moves: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/trpc/deals.move')) moves.push(request.url());
    });
    await drag(page, card(page, 'upsell'), list(page, 'proposal'), { offsetY: 5 });
    await page.waitForTimeout(500);
    expect(moves).toEqual([]);
    expect(await columnOf(page, 'upsell')).toBe('proposal');
    expect(await page.getByTestId('app-toast').count()).toBe(0);
  });

  it('a move the server refuses (the deal was deleted meanwhile) snaps back with the error toast', async () => {
    const page = await openPipeline();
    ok(await api.mutation('deals.delete', { id: deals.doomed!.id }), 'delete');
    // Hold the save (it still reaches the real server) until the card has been seen in its new column, so the test
    // tells "moved, then snapped back" from "never moved".
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.includes('deals.move'),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await drag(page, card(page, 'doomed'), list(page, 'negotiation'));
    await expect.poll(() => columnOf(page, 'doomed')).toBe('negotiation');
    release();
    const toast = await lastToast(page);
    expect(toast.type).toBe('error');
    expect(toast.text).toContain('Failed to update deal. Please try again.');
    await expect.poll(() => columnOf(page, 'doomed')).toBe('qualification');
    expect(await page.getByTestId('pipeline-column-count-qualification').textContent()).toBe('1');
  });

  it('without a mouse, the card\'s Move to stage menu moves the deal (keyboard and screen readers)', async () => {
    const page = await openPipeline();
    const menu = page.getByRole('combobox', { name: 'Move Support upsell to another stage' });
    await menu.focus();
    await menu.selectOption('negotiation');
    await expect.poll(() => columnOf(page, 'upsell')).toBe('negotiation');
    expect((await lastToast(page)).text).toContain('Deal moved to Negotiation');
    await expect.poll(() => page.getByTestId('pipeline-column-count-negotiation').textContent()).toBe('2');
    // The server's probability for the stage replaces the old one.
    await expect.poll(() => card(page, 'upsell').getByTestId('deal-probability').textContent()).toBe('75% probability');
  });

  it('the forecast and the metrics come from the real deals (no Automation Rules tab yet)', async () => {
    const page = await openPipeline();
    await page.getByTestId('pipeline-view-forecasting').click();
    await page.getByTestId('pipeline-forecast-table').waitFor();
    expect(await page.getByText('Automation Rules').count()).toBe(0);
    const thisMonth = monthDate(0).slice(0, 7);
    const nextMonth = monthDate(1).slice(0, 7);
    // This month: the renewal (12000 × 85%) expected; the starter plan won (3000.50).
    const row = page.getByTestId(`pipeline-forecast-row-${thisMonth}`);
    expect(await row.getByTestId('forecast-predicted').textContent()).toBe('$10,200');
    expect(await row.getByTestId('forecast-actual').textContent()).toBe('$3,000.50');
    // Next month: the pilot, now in Proposal at that stage's probability.
    expect(await page.getByTestId(`pipeline-forecast-row-${nextMonth}`).getByTestId('forecast-actual').textContent()).toBe('—');
    await page.getByTestId('pipeline-forecast-chart').locator('svg').first().waitFor();
    await screenshot(page, 'pipeline-forecast-en.png', { fullPage: true });

    await page.getByTestId('pipeline-forecasting-tab-metrics').click();
    await page.getByTestId('pipeline-metrics').waitFor();
    // One won deal, none lost.
    expect(await page.getByTestId('pipeline-metric-conversionRate-value').textContent()).toBe('100%');
    expect(await page.getByTestId('pipeline-metric-averageDealSize-value').textContent()).toBe('$3,000.50');
    expect(await page.getByTestId('pipeline-metric-averageCycleTime-value').textContent()).toMatch(/^0 days$/);
    await page.getByTestId('pipeline-metrics-chart').locator('svg').first().waitFor();
    await screenshot(page, 'pipeline-metrics-en.png', { fullPage: true });
  });

  it('a failed load says so (toast and alert with Retry), shows no sample data, and Retry loads the board', async () => {
    const page = await openPipeline({
      before: async (p) => {
        await p.route('**/trpc/deals.board**', (route) => route.abort('connectionfailed'));
      },
    });
    await page.getByTestId('pipeline-load-error').waitFor();
    expect(await page.getByTestId('pipeline-load-error').textContent()).toContain('Failed to fetch pipeline data. Please try again.');
    const toast = await lastToast(page);
    expect(toast.type).toBe('error');
    expect(toast.text).toContain('Failed to fetch pipeline data. Please try again.');
    expect(await page.locator('[data-deal-id]').count()).toBe(0);
    await page.unroute('**/trpc/deals.board**');
    await page.getByTestId('pipeline-load-error').getByRole('button', { name: 'Retry' }).click();
    await page.locator('[data-testid="pipeline-board"][data-loaded=""]').waitFor();
    await card(page, 'renewal').waitFor();
    expect(await page.getByTestId('pipeline-load-error').count()).toBe(0);
  });

  it('has no accessibility violations on the Kanban, the Add Deal dialog and the forecast (axe)', async () => {
    const page = await openPipeline({ bypassCSP: true });
    expect(JSON.stringify(await axeViolations(page, { include: ['[role="tabpanel"]'] }))).toBe('[]');
    await page.getByTestId('pipeline-add-deal').click();
    await page.getByTestId('deal-dialog').waitFor();
    await page.getByTestId('deal-customer-search').fill('Ada');
    await page.getByTestId(`deal-customer-option-${customers.ada!.id}`).waitFor();
    expect(JSON.stringify(await axeViolations(page, { include: ['[data-testid="deal-dialog"]'] }))).toBe('[]');
    await page.keyboard.press('Escape');
    await page.getByTestId('deal-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('pipeline-view-forecasting').click();
    await page.getByTestId('pipeline-forecast-chart').locator('svg').first().waitFor();
    expect(JSON.stringify(await axeViolations(page, { include: ['[role="tabpanel"]'] }))).toBe('[]');
  });

  it('reads in Arabic, right to left, columns following the direction', async () => {
    const page = await openPipeline();
    await page.getByTestId('language-switcher-desktop').selectOption('ar');
    await expect.poll(() => page.getByTestId('pipeline-view-kanban').textContent()).toBe('عرض كانبان');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const first = await page.getByTestId('pipeline-column-prospecting').boundingBox();
    const second = await page.getByTestId('pipeline-column-qualification').boundingBox();
    expect(first!.x).toBeGreaterThan(second!.x);
    await screenshot(page, 'pipeline-kanban-ar.png', { fullPage: true });
    await page.getByTestId('pipeline-view-forecasting').click();
    await page.getByTestId('pipeline-forecast-chart').locator('svg').first().waitFor();
    await screenshot(page, 'pipeline-forecast-ar.png', { fullPage: true });
    expect(errors).toEqual([]);
  });
  it('a column with more than a page of deals shows the first 50 cards, and Show more loads the rest into it', async () => {
    // One after the other: the shared Postgres has few connections to spare while other suites run.
    for (let n = 0; n < 53; n++) await createDeal(`bulk${n}`, { title: `Bulk deal ${n}`, customerId: customers.ada!.id, value: 100, stage: 'negotiation' });
    const page = await openPipeline();
    await page.getByTestId('pipeline-search').fill('bulk deal');
    await page.locator('[data-testid="pipeline-board"][data-loaded="bulk deal"]').waitFor();
    const cards = list(page, 'negotiation').locator('[data-deal-id]');
    await expect.poll(() => cards.count()).toBe(50);
    expect(await page.getByTestId('pipeline-column-count-negotiation').textContent()).toBe('53');
    expect(await page.getByTestId('pipeline-column-total-negotiation').textContent()).toBe('$5,300');
    expect(await page.getByTestId('pipeline-summary-totalValue').textContent()).toContain('$5,300');
    await page.getByTestId('pipeline-show-more-negotiation').scrollIntoViewIfNeeded();
    await screenshot(page, 'pipeline-show-more-en.png');
    await page.getByTestId('pipeline-show-more-negotiation').click();
    await expect.poll(() => cards.count()).toBe(53);
    expect(new Set(await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-deal-id')))).size).toBe(53);
    await expect.poll(() => page.getByTestId('pipeline-show-more-negotiation').count()).toBe(0);
    expect(await page.getByTestId('pipeline-column-count-negotiation').textContent()).toBe('53');
    expect(errors).toEqual([]);
  });

  it('a touch drag (a tablet) moves a deal too, and the move is saved', async () => {
    await createDeal('touch', { title: 'Touch screen rollout', customerId: customers.grace!.id, value: 900, probability: 10, stage: 'prospecting' });
    const page = await openPipeline({ hasTouch: true });
    const lostBefore = Number(await page.getByTestId('pipeline-column-count-closed_lost').textContent());
    const source = await card(page, 'touch').getByTestId('deal-title').boundingBox();
    const target = await list(page, 'closed_lost').boundingBox();
    if (!source || !target) throw new Error('touch drag: element not visible');
    // Real touch input through the browser (pointerType "touch"): the library's synthetic drag, not HTML5 drag events.
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x = 0, y = 0) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    const [x0, y0] = [source.x + source.width / 2, source.y + source.height / 2];
    const [x1, y1] = [target.x + target.width / 2, target.y + Math.min(target.height - 10, 40)];
    await touch('touchStart', x0, y0);
    for (let k = 1; k <= 20; k++) {
      await touch('touchMove', x0 + ((x1 - x0) * k) / 20, y0 + ((y1 - y0) * k) / 20);
      await page.waitForTimeout(16);
    }
    await touch('touchEnd');
    await expect.poll(() => columnOf(page, 'touch')).toBe('closed_lost');
    const toast = await lastToast(page);
    expect(toast.type).toBe('success');
    expect(toast.text).toContain('Deal moved to Closed Lost');
    await expect.poll(() => page.getByTestId('pipeline-column-count-closed_lost').textContent()).toBe(String(lostBefore + 1));
    const saved = ok(await api.query('deals.board', { search: 'Touch screen rollout' }), 'board') as { stages: { stage: string; deals: { id: string }[] }[] };
    expect(saved.stages.find((s) => s.deals.some((d) => d.id === deals.touch!.id))?.stage).toBe('closed_lost');
    expect(errors).toEqual([]);
  });
});
