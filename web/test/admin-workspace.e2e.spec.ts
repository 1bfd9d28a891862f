/**
 * Browser test of the routed admin workspace (issue 12 §3): every area is a URL (reload keeps the place, back and
 * forward work), record deep links (a customer, a deal) open their dialog over the list, a role without access to
 * an area's URL sees "no access", an unknown admin address shows the in-app not-found page, and the sidebar
 * (collapsible, remembered; a drawer on a phone; mirrored in Arabic) leaves nothing overlapping at 390 px.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserSuite, collectPageErrors, screenshot, submitLoginForm, type NewPageOptions } from '../../test-support/browser.ts';
import { createAccount, loginSession, type ApiResponse, type TestAccount } from '../../test-support/http.ts';

type Box = { x: number; y: number; width: number; height: number };

function ok(res: ApiResponse, what: string) {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

/** The bounding boxes of the visible elements, by name; fails when one is missing. */
async function boxes(entries: Record<string, Locator>): Promise<Record<string, Box>> {
  const out: Record<string, Box> = {};
  for (const [name, locator] of Object.entries(entries)) {
    const box = await locator.boundingBox();
    if (!box) throw new Error(`${name} is not visible`);
    out[name] = box;
  }
  return out;
}

/** Pairs of boxes that overlap, and boxes that stick out of the viewport's width. */
function layoutProblems(all: Record<string, Box>, width: number): string[] {
  const names = Object.keys(all);
  const problems: string[] = [];
  for (const [i, a] of names.entries()) {
    const box = all[a]!;
    if (box.x < -0.5 || box.x + box.width > width + 0.5) problems.push(`${a} outside the viewport (${Math.round(box.x)}..${Math.round(box.x + box.width)})`);
    for (const b of names.slice(i + 1)) if (overlaps(box, all[b]!)) problems.push(`${a} overlaps ${b}`);
  }
  return problems;
}

describe('Admin workspace in the browser', () => {
  const suite = browserSuite();
  const errors: string[] = [];
  let seller: TestAccount;
  const customer = { id: '', name: 'Ada Lovelace', company: 'Analytical Engines Inc.' };
  const deal = { id: '', title: 'Analytics: annual renewal' };

  const open = (account: { email: string; password: string }, path: string, options: NewPageOptions = {}) => suite.openAs(account, path, errors, options);

  const pathname = (page: Page) => new URL(page.url()).pathname;

  beforeAll(async () => {
    seller = await createAccount(suite.app, { userType: 'user', name: 'Sally Seller' });
    const api = await loginSession(suite.app, suite.app.admin);
    const created = ok(await api.mutation('customers.create', { name: customer.name, email: 'ada@analytical.example', company: customer.company }), 'customer');
    customer.id = created.customer.id;
    const made = ok(await api.mutation('deals.create', { title: deal.title, customerId: customer.id, value: 12500, probability: 70, stage: 'proposal', tags: ['enterprise'] }), 'deal');
    deal.id = made.deal.id;
  });

  it('opens a customer by its deep link after login, keeps it on reload, and back/forward move between list and detail', async () => {
    // Logged in on the form the deep link shows: the page must stay where it was.
    const page = await suite.newPage();
    page.setDefaultTimeout(15_000);
    collectPageErrors(page, errors);
    await page.goto(`/admin/customers/${customer.id}`);
    await submitLoginForm(page, suite.app.admin.email, suite.app.admin.password);
    await page.getByTestId('admin-user-name').waitFor();
    expect(pathname(page)).toBe(`/admin/customers/${customer.id}`);
    const detail = page.getByTestId('customer-detail');
    await expect.poll(() => detail.getByTestId('customer-detail-name').textContent()).toBe(customer.name);
    await expect(page.getByTestId('admin-tab-customers').getAttribute('aria-current')).resolves.toBe('page');

    await page.reload();
    await expect.poll(() => page.getByTestId('customer-detail').getByTestId('customer-detail-name').textContent()).toBe(customer.name);

    // Closing a shared link's dialog replaces it with the list; opening from the list pushes the URL.
    await page.getByTestId('customer-detail-close').click();
    await detail.waitFor({ state: 'hidden' });
    await expect.poll(() => pathname(page)).toBe('/admin/customers');
    await page.locator(`[data-testid^="customers-row-"][data-name="${customer.name}"]`).getByTestId('customer-view').click();
    await expect.poll(() => pathname(page)).toBe(`/admin/customers/${customer.id}`);
    await expect.poll(() => detail.getByTestId('customer-detail-name').textContent()).toBe(customer.name);
    await page.goBack();
    await detail.waitFor({ state: 'hidden' });
    await expect.poll(() => pathname(page)).toBe('/admin/customers');
    await page.goForward();
    await expect.poll(() => detail.getByTestId('customer-detail-name').textContent()).toBe(customer.name);

    // Areas are URLs too: the sidebar pushes them, back returns.
    await page.getByTestId('customer-detail-close').click();
    await detail.waitFor({ state: 'hidden' });
    await expect.poll(() => pathname(page)).toBe('/admin/customers');
    await page.getByTestId('admin-tab-tasks').click();
    await expect.poll(() => pathname(page)).toBe('/admin/tasks');
    await page.reload();
    await expect.poll(() => page.getByTestId('admin-tab-tasks').getAttribute('aria-current')).toBe('page');
    await page.goBack();
    await expect.poll(() => pathname(page)).toBe('/admin/customers');
    await page.getByTestId('customers-table').waitFor();

    // /admin goes to the first area, the Dashboard (replacing /admin in the history).
    await page.goto('/admin');
    await expect.poll(() => pathname(page)).toBe('/admin/dashboard');
    expect(errors).toEqual([]);
  });

  it('opens a deal by its deep link over the board, and from its card', async () => {
    const page = await open(suite.app.admin, `/admin/pipeline/deals/${deal.id}`);
    const dialog = page.getByTestId('deal-detail');
    await expect.poll(() => dialog.getByTestId('deal-detail-title').textContent()).toBe(deal.title);
    await expect(dialog.getByTestId('deal-detail-customer').textContent()).resolves.toContain(customer.name);
    await expect(dialog.getByTestId('deal-detail-value').textContent()).resolves.toContain('$12,500');
    await expect(dialog.getByTestId('deal-detail-stage').textContent()).resolves.toContain('Proposal');
    await expect(dialog.getByTestId('deal-detail-tags').textContent()).resolves.toContain('enterprise');
    await screenshot(page, 'workspace-deal-deep-link-en.png');
    await page.getByTestId('deal-detail-close').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => pathname(page)).toBe('/admin/pipeline');

    await page.getByTestId(`deal-open-${deal.id}`).click();
    await expect.poll(() => pathname(page)).toBe(`/admin/pipeline/deals/${deal.id}`);
    await expect.poll(() => dialog.getByTestId('deal-detail-title').textContent()).toBe(deal.title);
    await page.goBack();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => pathname(page)).toBe('/admin/pipeline');

    // A deal that does not exist says so.
    await page.goto('/admin/pipeline/deals/00000000-0000-4000-8000-000000000000');
    await page.getByTestId('deal-detail-not-found').waitFor();
    expect(errors).toEqual([]);
  });

  it('shows a user role "no access" on a manager-only URL, with a link to its first area; unknown admin paths show not-found', async () => {
    const page = await open(seller, '/admin/users');
    const notice = page.getByTestId('admin-area-no-access');
    await notice.waitFor();
    await expect(notice.getByRole('heading').textContent()).resolves.toBe('No access');
    await expect(notice.textContent()).resolves.toContain('Users');
    expect(await page.getByTestId('admin-tab-users').count()).toBe(0);
    await screenshot(page, 'workspace-no-access-en.png');
    await notice.getByTestId('admin-area-no-access-link').click();
    await expect.poll(() => pathname(page)).toBe('/admin/dashboard');
    await page.getByTestId('dashboard').waitFor();

    const response = await page.goto('/admin/nope');
    expect(response?.status()).toBe(404);
    const notFound = page.getByTestId('admin-not-found');
    await notFound.waitFor();
    await expect(notFound.getByRole('heading').textContent()).resolves.toBe('Page not found');
    await expect(page.getByTestId('admin-user-name').textContent()).resolves.toBe('Sally Seller');
    await page.goto('/admin/tasks/extra/path');
    await page.getByTestId('admin-not-found').waitFor();
    expect(errors).toEqual([]);
  });

  for (const locale of ['en', 'ar'] as const) {
    it(`lays the sidebar out without overlaps on a desktop and on a phone, open and collapsed (${locale})`, async () => {
      const desk = await open(suite.app.admin, '/admin/customers', { width: 1280, height: 860 });
      if (locale === 'ar') {
        await desk.getByTestId('language-switcher-desktop').selectOption('ar');
        await expect.poll(() => desk.evaluate(() => document.documentElement.dir)).toBe('rtl');
      }
      await desk.getByTestId('customers-table').waitFor();
      const sidebar = desk.getByTestId('admin-sidebar');
      const main = desk.getByTestId('admin-area');
      const sideBox = (await sidebar.boundingBox())!;
      const mainBox = (await main.boundingBox())!;
      // Mirrored in Arabic: the sidebar is on the reading side's start.
      if (locale === 'ar') expect(sideBox.x).toBeGreaterThan(mainBox.x);
      else expect(sideBox.x).toBeLessThan(mainBox.x);
      expect(overlaps(sideBox, mainBox)).toBe(false);
      const header = {
        brand: desk.getByTestId('admin-header').getByRole('link').first(),
        search: desk.getByTestId('admin-search'),
        language: desk.getByTestId('language-switcher-desktop'),
        name: desk.getByTestId('admin-user-name'),
        role: desk.getByTestId('admin-user-role'),
        logout: desk.getByTestId('admin-logout'),
      };
      expect(layoutProblems(await boxes(header), 1280)).toEqual([]);
      await screenshot(desk, `workspace-sidebar-desktop-${locale}.png`);

      // Collapsed to icons: narrower, labels hidden but still named, remembered across a reload.
      await desk.getByTestId('admin-sidebar-toggle').click();
      await expect.poll(() => sidebar.getAttribute('data-collapsed')).toBe('true');
      // The width animates: wait for it to settle.
      await expect.poll(async () => (await sidebar.boundingBox())!.width).toBeLessThan(sideBox.width / 2);
      await expect(desk.getByTestId('admin-tab-pipeline').getAttribute('title')).resolves.toBe(locale === 'ar' ? 'مسار المبيعات' : 'Pipeline');
      await screenshot(desk, `workspace-sidebar-desktop-collapsed-${locale}.png`);
      await desk.reload();
      await expect.poll(() => desk.getByTestId('admin-sidebar').getAttribute('data-collapsed')).toBe('true');
      await desk.getByTestId('admin-sidebar-toggle').click();
      await expect.poll(() => desk.getByTestId('admin-sidebar').getAttribute('data-collapsed')).toBe('false');

      // A phone: no sidebar, a menu button; header items and the content side by side without overlap.
      const phone = await open(suite.app.admin, '/admin/customers', { width: 390, height: 844, hasTouch: true });
      if (locale === 'ar') {
        await phone.getByTestId('language-switcher-desktop').selectOption('ar');
        await expect.poll(() => phone.evaluate(() => document.documentElement.dir)).toBe('rtl');
      }
      await phone.getByTestId('customers-table').waitFor();
      expect(await phone.getByTestId('admin-sidebar').count()).toBe(0);
      const phoneHeader = {
        menu: phone.getByTestId('admin-menu'),
        brand: phone.getByTestId('admin-header').getByRole('link').first(),
        search: phone.getByTestId('admin-search'),
        logout: phone.getByTestId('admin-logout'),
        name: phone.getByTestId('admin-user-name'),
        role: phone.getByTestId('admin-user-role'),
        language: phone.getByTestId('language-switcher-desktop'),
        title: phone.getByRole('heading', { level: 2 }).first(),
      };
      expect(layoutProblems(await boxes(phoneHeader), 390)).toEqual([]);
      const pageWidth = await phone.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth).toBeLessThanOrEqual(390);
      await screenshot(phone, `workspace-phone-${locale}.png`);

      // The drawer: on the start side, every area one under the other, none overlapping; a link closes it.
      await phone.getByTestId('admin-menu').click();
      const drawer = phone.getByTestId('admin-drawer');
      await drawer.waitFor();
      await phone.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
      const drawerBox = (await drawer.boundingBox())!;
      if (locale === 'ar') expect(Math.round(drawerBox.x + drawerBox.width)).toBe(390);
      else expect(Math.round(drawerBox.x)).toBe(0);
      const links = drawer.locator('[data-testid^="admin-tab-"]');
      const items: Record<string, Locator> = { close: phone.getByTestId('admin-drawer-close') };
      for (const [i, id] of (await links.evaluateAll((all) => all.map((a) => a.getAttribute('data-testid')!))).entries()) items[`${i}:${id}`] = drawer.getByTestId(id);
      expect(Object.keys(items)).toHaveLength(13); // the close button and the admin's twelve areas
      expect(layoutProblems(await boxes(items), 390)).toEqual([]);
      await screenshot(phone, `workspace-phone-drawer-${locale}.png`);
      await drawer.getByTestId('admin-tab-bookings').click();
      await drawer.waitFor({ state: 'hidden' });
      await expect.poll(() => pathname(phone)).toBe('/admin/bookings');
      expect(errors).toEqual([]);
    });
  }
});
