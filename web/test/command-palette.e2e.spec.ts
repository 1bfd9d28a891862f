/**
 * Browser test of the command palette (issue 12 §3): Ctrl+K opens it anywhere in the admin workspace; typing a
 * seeded customer's company shows that customer (one server query, results as you type); the keyboard alone
 * picks it (↓, Enter) and lands on the customer's deep link with its detail open; typing an area's name jumps
 * there; the header's search button opens it and Escape closes it; in Arabic, Latin data keeps its direction.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserSuite, screenshot } from '../../test-support/browser.ts';
import { loginToken, rest } from '../../test-support/http.ts';

describe('Command palette in the browser', () => {
  const suite = browserSuite();
  const errors: string[] = [];
  const stamp = Date.now().toString(36);
  const company = `Quasar Looms ${stamp}`;
  const customers = { older: { id: '', name: `Ada Weaver ${stamp}` }, newer: { id: '', name: `Bo Spindle ${stamp}` } };

  beforeAll(async () => {
    const token = await loginToken(suite.app, suite.app.admin);
    for (const c of [customers.older, customers.newer]) {
      const res = await rest(suite.app, '/api/crm/customers', { method: 'POST', token, json: { name: c.name, email: `${c.name.split(' ')[0]!.toLowerCase()}.${stamp}@looms.example`, company } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      c.id = (res.body as { data: { id: string } }).data.id;
    }
  });

  async function loggedIn(options: { width?: number; height?: number } = {}): Promise<Page> {
    return suite.openAsAdmin('/admin', errors, options);
  }

  const palette = (page: Page) => page.getByTestId('command-palette');
  const input = (page: Page) => page.getByTestId('command-palette-input');
  const option = (page: Page, kind: string, id: string) => page.locator(`[data-testid="command-palette-option-${kind}"][data-id="${id}"]`);

  it('Ctrl+K, type a company, ↓ and Enter: lands on that customer', async () => {
    const page = await loggedIn();
    await page.keyboard.press('Control+K');
    await input(page).waitFor();
    await expect.poll(() => input(page).evaluate((el) => el === document.activeElement)).toBe(true);
    // Before typing: every area, and the hint.
    expect(await page.getByTestId('command-palette-option-area').count()).toBeGreaterThan(3);

    await page.keyboard.type(company.toLowerCase(), { delay: 20 });
    await option(page, 'customer', customers.older.id).waitFor();
    await option(page, 'customer', customers.newer.id).waitFor();
    // No area is called that; customers newest first, the first option active.
    expect(await page.getByTestId('command-palette-option-area').count()).toBe(0);
    expect(await option(page, 'customer', customers.newer.id).getAttribute('aria-selected')).toBe('true');
    expect(await option(page, 'customer', customers.older.id).textContent()).toContain(company);
    // The combobox points at the active option.
    const activeId = await input(page).getAttribute('aria-activedescendant');
    expect(activeId).toBe(await option(page, 'customer', customers.newer.id).getAttribute('id'));

    await page.keyboard.press('ArrowDown');
    await expect.poll(() => option(page, 'customer', customers.older.id).getAttribute('aria-selected')).toBe('true');
    await screenshot(page, 'command-palette-en.png');
    await page.keyboard.press('Enter');

    await expect.poll(() => new URL(page.url()).pathname).toBe(`/admin/customers/${customers.older.id}`);
    await palette(page).waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('customer-detail-name').textContent()).toContain(customers.older.name);
    expect(errors).toEqual([]);
  });

  it('jumps to an area by typing its name; the header button opens it and Escape closes it', async () => {
    const page = await loggedIn();
    await page.keyboard.press('Control+K');
    await input(page).fill('task');
    await option(page, 'area', 'tasks').waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/tasks');
    await palette(page).waitFor({ state: 'hidden' });

    await page.getByTestId('admin-search').click();
    await input(page).waitFor();
    await input(page).fill('zz-nothing-matches-this');
    await expect.poll(() => page.getByTestId('command-palette-status').textContent()).toContain('Nothing matches');
    await page.keyboard.press('Escape');
    await palette(page).waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/admin/tasks');
    expect(errors).toEqual([]);
  });

  it('in Arabic, Latin data keeps its own direction', async () => {
    const page = await loggedIn();
    await page.getByTestId('language-switcher-desktop').selectOption('ar');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.keyboard.press('Control+K');
    await input(page).fill(company);
    const row = option(page, 'customer', customers.older.id);
    await row.waitFor();
    expect(await row.locator('bdi[dir="auto"]').first().textContent()).toBe(customers.older.name);
    await screenshot(page, 'command-palette-ar.png');
    expect(errors).toEqual([]);
  });

  it('fits a phone (390 px): opened from the header button, nothing sticks out', async () => {
    const page = await loggedIn({ width: 390, height: 844 });
    await page.getByTestId('admin-search').click();
    await input(page).fill(company);
    await option(page, 'customer', customers.older.id).waitFor();
    const box = (await palette(page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    const close = (await page.getByTestId('command-palette-close').boundingBox())!;
    const field = (await input(page).boundingBox())!;
    expect(field.x + field.width).toBeLessThanOrEqual(close.x);
    await screenshot(page, 'command-palette-phone-en.png');
    await page.getByTestId('command-palette-close').click();
    await palette(page).waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
  });
});
