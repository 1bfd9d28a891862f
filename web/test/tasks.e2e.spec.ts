/**
 * Browser test of the Task Manager (spec 02 §2, §4, §5, §8): create a task through the dialog with its
 * defaults; edit every field through the Edit Task dialog (opened by the title, the Edit action and the deep
 * link `/admin/tasks/<id>`), field errors and refusals; bulk-complete two tasks (toast and stats follow); 'No
 * Tasks Selected'; start/pause; a row's delete asks first and deletes THAT row while another row stays
 * selected; the Overdue badge and time-left text (days past 48 hours overdue); screenshots in English and
 * Arabic, desktop and phone. No page errors.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, browserSuite, screenshot } from '../../test-support/browser.ts';
import { createAccount, loginToken, rest, type TestAccount } from '../../test-support/http.ts';

describe('Task Manager in the browser', () => {
  const suite = browserSuite();
  let manager: TestAccount;
  let token: string;
  const errors: string[] = [];

  beforeAll(async () => {
    manager = await createAccount(suite.app, { userType: 'manager', name: 'Mona Manager' });
    token = await loginToken(suite.app, manager);
  });
  afterAll(() => {
    expect(errors).toEqual([]);
  });

  async function openTasks(language?: 'ar', options: { axe?: boolean; width?: number; timeout?: number } = {}): Promise<Page> {
    // axe-core is injected as a script: only pages that run it bypass the CSP.
    const page = await suite.openAs(manager, '/admin/tasks', errors, { ...(options.axe ? { bypassCSP: true } : {}), ...(options.width ? { width: options.width } : {}) });
    // Fail with the locator that did not show up, well before the test's own timeout.
    page.setDefaultTimeout(options.timeout ?? 10_000);
    await page.getByTestId('tasks-table').waitFor();
    if (language) {
      // The header's switcher; the choice is remembered for later loads.
      await page.getByTestId('language-switcher-desktop').selectOption(language);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
    }
    return page;
  }

  async function seed(title: string, extra: Record<string, unknown> = {}): Promise<string> {
    const res = await rest(suite.app, '/api/crm/tasks', { method: 'POST', token, json: { title, ...extra } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.task.id as string;
  }

  const rowOf = (page: Page, id: string) => page.locator(`[data-testid="task-row"][data-task-id="${id}"]`);
  const rows = (page: Page) => page.getByTestId('task-row');
  const stat = (page: Page, key: string) => page.getByTestId(`task-stat-${key}`);
  const toastWith = (page: Page, text: string) => page.getByTestId('app-toast').filter({ hasText: text });
  /** Where a toast sits on the 1280 × 860 page: at the bottom, on the inline end (right in English, left in Arabic). */
  async function toastPlace(toast: Locator) {
    await expect.poll(async () => (await toast.boundingBox())?.y ?? 0).toBeGreaterThan(600);
    const box = (await toast.boundingBox())!;
    return { bottom: box.y + box.height > 800, side: box.x + box.width < 640 ? 'left' : box.x > 640 ? 'right' : 'middle' };
  }
  /** From now on, the number of task rows on the page each time it changes, in order (read with rowCounts). */
  const recordRowCounts = (page: Page) =>
    page.evaluate(() => {
      const w = window as unknown as { rowCounts?: number[] };
      if (!w.rowCounts) {
        new MutationObserver(() => {
          const n = document.querySelectorAll('[data-testid="task-row"]').length;
          if (w.rowCounts!.at(-1) !== n) w.rowCounts!.push(n);
        }).observe(document.body, { childList: true, subtree: true });
      }
      w.rowCounts = [];
    });
  const rowCounts = (page: Page) => page.evaluate(() => (window as unknown as { rowCounts: number[] }).rowCounts);
  async function searchFor(page: Page, text: string, expectedRows: number, timeout = 5_000) {
    await page.getByTestId('task-search').fill(text);
    await expect.poll(() => rows(page).count(), { timeout }).toBe(expectedRows);
  }

  it('creates a task through the dialog with the spec defaults, about a customer picked by search', async () => {
    const customerName = `Ada Lovelace ${randomUUID().slice(0, 6)}`;
    const customer = await rest(suite.app, '/api/crm/customers', { method: 'POST', token, json: { name: customerName, company: 'Analytical Engines' } });
    expect(customer.status, JSON.stringify(customer.body)).toBe(201);
    const deal = await rest(suite.app, '/api/crm/deals', { method: 'POST', token, json: { title: 'Engine licence', value: 1000, customerId: customer.body.data.id } });
    expect(deal.status, JSON.stringify(deal.body)).toBe(201);
    const page = await openTasks();
    const title = `Call Ada ${randomUUID().slice(0, 6)}`;
    await page.getByTestId('task-create').click();
    const dialog = page.getByTestId('task-create-dialog');
    await dialog.waitFor();
    expect(await page.getByTestId('task-form-type').inputValue()).toBe('other');
    expect(await page.getByTestId('task-form-priority').inputValue()).toBe('medium');
    expect(await page.getByTestId('task-form-status').inputValue()).toBe('pending');
    expect(await page.getByTestId('task-form-hours').inputValue()).toBe('0');
    await expect.poll(() => page.getByTestId('task-form-assignee').inputValue()).toBe(manager.id);
    // Due today at 23:59 on the reader's own clock (the browser's time zone, named under the field).
    expect(await page.getByTestId('task-form-due').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}T23:59$/);
    expect(await page.getByTestId('task-form-due-zone').textContent()).toContain('In your time zone (Europe/Paris)');

    // The server names the missing title (its issue, said in the reader's language); nothing is created.
    await page.getByTestId('task-form-submit').click();
    await toastWith(page, 'Failed to create task. Please try again.').waitFor();
    await expect.poll(() => dialog.getByTestId('task-form-error-title').textContent()).toBe('Required');

    await page.getByTestId('task-form-title').fill(title);
    await page.getByTestId('task-form-type').selectOption('call');
    await page.getByTestId('task-form-tags').fill('vip, renewal');
    await page.getByTestId('task-form-customer-search').fill(customerName);
    await page.getByTestId(`task-form-customer-option-${customer.body.data.id}`).click();
    await page.getByTestId('task-form-customer-selected').waitFor();
    await page.locator(`[data-testid="task-form-deal"] option[value="${deal.body.deal.id}"]`).waitFor({ state: 'attached' });
    await page.getByTestId('task-form-deal').selectOption(deal.body.deal.id);
    await page.getByTestId('task-form-submit').click();
    await toastWith(page, 'Task Created').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await searchFor(page, title, 1);
    const row = rows(page).first();
    expect(await row.getByTestId('task-title').textContent()).toBe(title);
    expect(await row.getByTestId('task-status').getAttribute('data-status')).toBe('pending');
    expect(await row.getByTestId('task-priority').getAttribute('data-priority')).toBe('medium');
    expect(await row.textContent()).toContain('Call');
    expect(await row.textContent()).toContain('Mona Manager');
    expect(await row.textContent()).toContain('vip');
    expect(await row.textContent()).toContain(`${customerName} · Analytical Engines`);
    expect(await row.textContent()).toContain('Engine licence');
    // Due today 23:59 in the business zone: hours left, not overdue.
    expect(await row.getByTestId('task-time-left').textContent()).toMatch(/hours? left/);
  });

  it('edits every field through the Edit Task dialog (opened by the title), then clears the links; the server agrees', async () => {
    const tag = randomUUID().slice(0, 6);
    const colleague = await createAccount(suite.app, { userType: 'user', name: 'Carl Colleague' });
    const makeCustomer = async (name: string) => {
      const res = await rest(suite.app, '/api/crm/customers', { method: 'POST', token, json: { name, company: 'Babbage & Co' } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data.id as string;
    };
    const first = await makeCustomer(`Ada First ${tag}`);
    const second = await makeCustomer(`Grace Second ${tag}`);
    const deal = await rest(suite.app, '/api/crm/deals', { method: 'POST', token, json: { title: `Compiler deal ${tag}`, value: 2500, customerId: second } });
    expect(deal.status, JSON.stringify(deal.body)).toBe(201);
    const dealId = deal.body.deal.id as string;
    const id = await seed(`edit-${tag} original`, { description: 'Old notes', tags: ['old'], customerId: first, dueDate: '2031-03-04T09:30:00.000Z', estimatedHours: 1 });

    const page = await openTasks();
    await searchFor(page, `edit-${tag}`, 1);
    await rowOf(page, id).getByTestId('task-open').click();
    const dialog = page.getByTestId('task-edit-dialog');
    await dialog.waitFor();
    await expect.poll(() => page.url()).toMatch(new RegExp(`/admin/tasks/${id}$`));
    // The form shows the task as it is; the due time is on the reader's clock (Europe/Paris: 10:30 in March).
    expect(await page.getByTestId('task-form-title').inputValue()).toBe(`edit-${tag} original`);
    expect(await page.getByTestId('task-form-description').inputValue()).toBe('Old notes');
    expect(await page.getByTestId('task-form-due').inputValue()).toBe('2031-03-04T10:30');
    expect(await page.getByTestId('task-form-hours').inputValue()).toBe('1');
    expect(await page.getByTestId('task-form-tags').inputValue()).toBe('old');
    expect(await page.getByTestId('task-form-customer-selected').textContent()).toContain(`Ada First ${tag}`);

    // A blank title: the server names it under the field, the dialog stays open.
    await page.getByTestId('task-form-title').fill('  ');
    await page.getByTestId('task-form-submit').click();
    await toastWith(page, 'Failed to update task. Please try again.').waitFor();
    await expect.poll(() => dialog.getByTestId('task-form-error-title').textContent()).toBe('Required');

    const title = `edit-${tag} renamed`;
    await page.getByTestId('task-form-title').fill(title);
    await page.getByTestId('task-form-description').fill('New notes for the call');
    await page.getByTestId('task-form-type').selectOption('meeting');
    await page.getByTestId('task-form-priority').selectOption('urgent');
    await page.getByTestId('task-form-status').selectOption('in_progress');
    await page.locator(`[data-testid="task-form-assignee"] option[value="${colleague.id}"]`).waitFor({ state: 'attached' });
    await page.getByTestId('task-form-assignee').selectOption(colleague.id);
    await page.getByTestId('task-form-due').fill('2031-05-06T14:45');
    await page.getByTestId('task-form-hours').fill('2.5');
    await page.getByTestId('task-form-tags').fill('vip, renewal');
    await page.getByTestId('task-form-customer-clear').click();
    await page.getByTestId('task-form-customer-search').fill(`Grace Second ${tag}`);
    await page.getByTestId(`task-form-customer-option-${second}`).click();
    await page.locator(`[data-testid="task-form-deal"] option[value="${dealId}"]`).waitFor({ state: 'attached' });
    await page.getByTestId('task-form-deal').selectOption(dealId);
    await screenshot(page, 'tasks-edit-dialog-en.png');
    await page.getByTestId('task-form-submit').click();
    await toastWith(page, 'Task Updated').waitFor();
    expect(await toastWith(page, 'Task Updated').textContent()).toContain(`“${title}” was saved.`);
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/tasks');

    await expect.poll(() => rowOf(page, id).getByTestId('task-title').textContent()).toBe(title);
    const row = rowOf(page, id);
    expect(await row.getByTestId('task-status').getAttribute('data-status')).toBe('in_progress');
    expect(await row.getByTestId('task-priority').getAttribute('data-priority')).toBe('urgent');
    expect(await row.textContent()).toContain('Carl Colleague');
    expect(await row.textContent()).toContain(`Compiler deal ${tag}`);
    const saved = (await rest(suite.app, `/api/crm/tasks?search=edit-${tag}`, { token })).body.tasks[0];
    expect(saved).toMatchObject({
      id,
      title,
      description: 'New notes for the call',
      type: 'meeting',
      priority: 'urgent',
      status: 'in_progress',
      assignedTo: colleague.id,
      dueDate: '2031-05-06T12:45:00.000Z',
      estimatedHours: 2.5,
      tags: ['vip', 'renewal'],
      customerId: second,
      dealId,
    });

    // The Edit action opens it too: clear the customer (the deal goes with it), the tags and the due date.
    await row.getByTestId('task-edit').click();
    await dialog.waitFor();
    await page.getByTestId('task-form-customer-clear').click();
    expect(await page.getByTestId('task-form-deal').count()).toBe(0);
    await page.getByTestId('task-form-tags').fill('');
    await page.getByTestId('task-form-due').fill('');
    await page.getByTestId('task-form-submit').click();
    // The dialog closes once saved (the first save's toast may still be up).
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await rest(suite.app, `/api/crm/tasks?search=edit-${tag}`, { token })).body.tasks[0]).toMatchObject({
      customerId: null,
      dealId: null,
      tags: [],
      dueDate: null,
      title,
      assignedTo: colleague.id,
    });
    await expect.poll(() => rowOf(page, id).getByTestId('task-due').count()).toBe(0);
  });

  it('the deep link /admin/tasks/<id> opens Edit Task (also for a task the list does not show); a refusal says why; screenshots in Arabic and on a phone', async () => {
    const tag = randomUUID().slice(0, 6);
    const id = await seed(`deep-${tag} Quarterly review`, { description: 'Agenda: pipeline, renewals', tags: ['q3'], dueDate: new Date(Date.now() + 3 * 86_400_000).toISOString() });
    const page = await openTasks();
    // Filtered out of the list on screen, then opened by its link.
    await searchFor(page, `nothing-matches-${tag}`, 0);
    await page.goto(`/admin/tasks/${id}`);
    const dialog = page.getByTestId('task-edit-dialog');
    await dialog.waitFor();
    expect(await page.getByTestId('task-form-title').inputValue()).toBe(`deep-${tag} Quarterly review`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/tasks');

    // A task deleted while its dialog is open: the refusal is said in the toast (the translated domain code).
    await page.goto(`/admin/tasks/${id}`);
    await dialog.waitFor();
    const other = await seed(`deep-${tag} to delete`);
    await page.goto(`/admin/tasks/${other}`);
    await dialog.waitFor();
    expect(await page.getByTestId('task-form-title').inputValue()).toBe(`deep-${tag} to delete`);
    expect((await rest(suite.app, `/api/crm/tasks/${other}`, { method: 'DELETE', token })).status).toBe(200);
    await page.getByTestId('task-form-title').fill(`deep-${tag} too late`);
    await page.getByTestId('task-form-submit').click();
    await toastWith(page, 'Failed to update task. Please try again. Task not found').waitFor();

    // An unknown task's link says it was not found and shows the list.
    await page.goto(`/admin/tasks/${randomUUID()}`);
    await toastWith(page, 'Task not found').waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/tasks');

    const ar = await openTasks('ar');
    await ar.goto(`/admin/tasks/${id}`);
    await ar.getByTestId('task-edit-dialog').waitFor();
    await expect.poll(() => ar.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await ar.getByTestId('task-form-due-zone').textContent()).toContain('Europe/Paris');
    await screenshot(ar, 'tasks-edit-dialog-ar.png');

    for (const language of [undefined, 'ar'] as const) {
      const phone = await openTasks(language, { width: 390 });
      await phone.goto(`/admin/tasks/${id}`);
      await phone.getByTestId('task-edit-dialog').waitFor();
      // Nothing wider than the screen.
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(phone, `tasks-edit-dialog-${language ?? 'en'}-390.png`);
      await phone.keyboard.press('Escape');
      await phone.getByTestId('task-edit-dialog').waitFor({ state: 'detached' });
      await searchFor(phone, `deep-${tag}`, 1);
      await rowOf(phone, id).getByTestId('task-delete').click();
      await phone.getByTestId('task-delete-dialog').waitFor();
      await screenshot(phone, `tasks-delete-dialog-${language ?? 'en'}-390.png`);
    }
  }, 120_000);

  it('bulk-completes two tasks with the toast and the stats following; nothing selected says so', async () => {
    const tag = `bulk-${randomUUID().slice(0, 6)}`;
    const ids = [await seed(`${tag} one`), await seed(`${tag} two`), await seed(`${tag} three`)];
    const page = await openTasks();
    await searchFor(page, tag, 3);
    await expect.poll(() => stat(page, 'pending').textContent()).toContain('3');

    await page.getByTestId('task-bulk-complete').click();
    await toastWith(page, 'No Tasks Selected').waitFor();
    expect(await toastWith(page, 'No Tasks Selected').textContent()).toContain('Please select tasks to perform bulk actions.');

    await rowOf(page, ids[0]!).getByTestId('task-select').click();
    await rowOf(page, ids[1]!).getByTestId('task-select').click();
    expect(await page.getByTestId('task-selected-count').textContent()).toContain('2');
    await page.getByTestId('task-bulk-complete').click();
    await toastWith(page, 'Bulk Complete Completed').waitFor();
    expect(await toastWith(page, 'Bulk Complete Completed').textContent()).toContain('2 tasks marked as completed.');
    // Clear of the header and of the screen's own actions: at the bottom of the inline end.
    expect(await toastPlace(toastWith(page, 'Bulk Complete Completed'))).toEqual({ bottom: true, side: 'right' });
    await expect.poll(() => stat(page, 'completed').textContent()).toContain('2');
    expect(await stat(page, 'pending').textContent()).toContain('1');
    expect(await stat(page, 'total').textContent()).toContain('3');
    await expect.poll(() => rowOf(page, ids[0]!).getByTestId('task-status').getAttribute('data-status')).toBe('completed');
    expect(await rowOf(page, ids[1]!).getByTestId('task-status').getAttribute('data-status')).toBe('completed');
    // Completed rows offer no Complete action; the selection is cleared of what was done.
    expect(await rowOf(page, ids[0]!).getByTestId('task-complete').count()).toBe(0);
    expect(await page.getByTestId('task-selected-count').textContent()).toContain('0');

    // Start and pause a pending task.
    await rowOf(page, ids[2]!).getByTestId('task-start').click();
    await toastWith(page, 'Task marked as In progress').waitFor();
    await expect.poll(() => rowOf(page, ids[2]!).getByTestId('task-status').getAttribute('data-status')).toBe('in_progress');
    await rowOf(page, ids[2]!).getByTestId('task-pause').click();
    await expect.poll(() => rowOf(page, ids[2]!).getByTestId('task-status').getAttribute('data-status')).toBe('pending');

    // Bulk delete the two completed ones.
    await rowOf(page, ids[0]!).getByTestId('task-select').click();
    await rowOf(page, ids[1]!).getByTestId('task-select').click();
    await page.getByTestId('task-bulk-delete').click();
    await toastWith(page, 'Bulk Delete Completed').waitFor();
    expect(await toastWith(page, 'Bulk Delete Completed').textContent()).toContain('2 tasks deleted successfully.');
    await expect.poll(() => rows(page).count()).toBe(1);
  });

  it("a row's delete deletes that row only; the selected row stays, still selected", async () => {
    const tag = `row-${randomUUID().slice(0, 6)}`;
    const keep = await seed(`${tag} keep me`);
    const drop = await seed(`${tag} delete me`);
    const page = await openTasks();
    await searchFor(page, tag, 2);
    await rowOf(page, keep).getByTestId('task-select').click();
    // It asks first, naming the task; Cancel deletes nothing.
    await rowOf(page, drop).getByTestId('task-delete').click();
    const confirm = page.getByTestId('task-delete-dialog');
    await confirm.waitFor();
    expect(await confirm.getByTestId('task-delete-text').textContent()).toBe(`Delete “${tag} delete me”? This cannot be undone.`);
    await confirm.getByTestId('task-delete-cancel').click();
    await confirm.waitFor({ state: 'detached' });
    expect(await rowOf(page, drop).count()).toBe(1);
    await rowOf(page, drop).getByTestId('task-delete').click();
    await page.getByTestId('task-delete-confirm').click();
    await toastWith(page, 'Task Deleted').waitFor();
    await page.getByTestId('task-delete-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => rowOf(page, drop).count()).toBe(0);
    expect(await rowOf(page, keep).count()).toBe(1);
    expect(await rowOf(page, keep).getAttribute('data-selected')).toBe('true');
    expect(await page.getByTestId('task-selected-count').textContent()).toContain('1');
    // And the server agrees.
    const list = await rest(suite.app, `/api/crm/tasks?search=${tag}`, { token });
    expect(list.body.tasks.map((t: { id: string }) => t.id)).toEqual([keep]);
  });

  it('a failed fetch shows the error toast and empties the list; a failed update shows its toast and reloads', async () => {
    const tag = `fail-${randomUUID().slice(0, 6)}`;
    const id = await seed(`${tag} stays pending`);
    const page = await openTasks();
    await searchFor(page, tag, 1);
    await page.route('**/trpc/tasks.update**', (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'unavailable' }));
    await rowOf(page, id).getByTestId('task-complete').click();
    await toastWith(page, 'Failed to update task. Please try again.').waitFor();
    await expect.poll(() => rowOf(page, id).getByTestId('task-status').getAttribute('data-status')).toBe('pending');

    await page.route('**/trpc/tasks.list**', (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'unavailable' }));
    // A filter the task matches: only the failure can empty the list.
    await page.getByTestId('task-filter-type').selectOption('other');
    await toastWith(page, 'Failed to fetch tasks. Please try again.').waitFor();
    await page.getByTestId('tasks-empty').waitFor();
    expect(await rows(page).count()).toBe(0);
  });

  it('shows the Overdue badge and hours overdue for a past-due task; screenshots in English and Arabic', async () => {
    const tag = `late-${randomUUID().slice(0, 6)}`;
    const late = await seed(`${tag} overdue follow-up`, { dueDate: new Date(Date.now() - 5 * 3_600_000 - 60_000).toISOString(), priority: 'urgent', type: 'follow_up' });
    const soon = await seed(`${tag} due in three days`, { dueDate: new Date(Date.now() + 3 * 86_400_000 + 3_600_000).toISOString(), type: 'meeting', description: 'Quarterly review with the whole team' });
    const done = await seed(`${tag} past due but completed`, { dueDate: new Date(Date.now() - 86_400_000).toISOString(), status: 'completed', type: 'email' });
    const longAgo = await seed(`${tag} long overdue call`, { dueDate: new Date(Date.now() - 14 * 86_400_000 - 3 * 3_600_000).toISOString(), type: 'call' });
    const page = await openTasks(undefined, { axe: true });
    await searchFor(page, tag, 4);
    await rowOf(page, late).getByTestId('task-overdue').waitFor();
    expect(await rowOf(page, late).getByTestId('task-time-left').textContent()).toBe('5 hours overdue');
    // Past 48 hours overdue the text counts days.
    expect(await rowOf(page, longAgo).getByTestId('task-time-left').textContent()).toBe('14 days overdue');
    expect(await rowOf(page, soon).getByTestId('task-time-left').textContent()).toBe('3 days left');
    expect(await rowOf(page, soon).getByTestId('task-overdue').count()).toBe(0);
    expect(await rowOf(page, done).getByTestId('task-overdue').count()).toBe(0);
    expect(await stat(page, 'overdue').textContent()).toContain('2');
    await rowOf(page, soon).getByTestId('task-select').click();
    // At 1280 px every column shows, each row's actions too, in English and in French (the longest labels): the
    // table's cells wrap where they can instead of pushing the actions out of sight behind a scroll bar.
    for (const language of ['fr', 'en'] as const) {
      await page.getByTestId('language-switcher-desktop').selectOption(language);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
      const fit = await page.getByTestId('tasks-table').evaluate((t, id) => {
        const area = t.parentElement!; // the scroll area
        const button = t.querySelector(`[data-task-id="${id}"] [data-testid="task-delete"]`)!;
        return { overflow: area.scrollWidth - area.clientWidth, beyond: button.getBoundingClientRect().right - area.getBoundingClientRect().right };
      }, late);
      expect(fit, language).toEqual({ overflow: 0, beyond: expect.any(Number) });
      expect(fit.beyond, language).toBeLessThanOrEqual(0);
    }
    await screenshot(page, 'tasks-manager-en.png', { fullPage: true });
    expect(await axeViolations(page, { include: ['[data-testid="task-manager"]'] })).toEqual([]);
    await page.getByTestId('task-create').click();
    await page.getByTestId('task-create-dialog').waitFor();
    await screenshot(page, 'tasks-create-dialog-en.png');
    expect(await axeViolations(page, { include: ['[data-testid="task-create-dialog"]'] })).toEqual([]);

    const ar = await openTasks('ar');
    await expect.poll(() => ar.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await searchFor(ar, tag, 4);
    await rowOf(ar, late).getByTestId('task-overdue').waitFor();
    expect(await rowOf(ar, late).getByTestId('task-overdue').textContent()).toBe('متأخرة');
    expect(await rowOf(ar, longAgo).getByTestId('task-time-left').textContent()).toBe('متأخرة منذ 14 يومًا');
    await screenshot(ar, 'tasks-manager-ar.png', { fullPage: true });
    // Right to left the toasts keep to the inline end: the left (Zag's group style alone put them on the right).
    await rowOf(ar, soon).getByTestId('task-start').click();
    expect(await toastPlace(ar.getByTestId('app-toast').first())).toEqual({ bottom: true, side: 'left' });
  });

  it('past 500 matches the list pages (newest first, Previous / Next); a filter change goes back to page 1', async () => {
    const tag = `paged-${randomUUID().slice(0, 6)}`;
    // 501 tasks (the list shows 500 a page), 5 requests at a time: more would grow the app's pool towards its
    // 30 connections, and the other test file running beside this one shares the database server's 100.
    for (let i = 0; i < 501; i += 5) await Promise.all(Array.from({ length: Math.min(5, 501 - i) }, (_, k) => seed(`${tag} ${i + k}`)));
    // 500 rows take a while to render on a busy 2-core machine.
    const page = await openTasks(undefined, { timeout: 30_000 });
    const pager = page.getByTestId('tasks-pager');
    // Unfiltered, the first page holds 500 rows too: wait for the search's own answer.
    const searched = page.waitForResponse((r) => r.url().includes('tasks.list') && decodeURIComponent(r.url()).includes(tag));
    await page.getByTestId('task-search').fill(tag);
    await searched;
    await expect.poll(() => pager.textContent(), { timeout: 30_000 }).toContain('Page 1 of 2 (501 tasks)');
    await expect.poll(() => rows(page).count(), { timeout: 30_000 }).toBe(500);
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => rows(page).count(), { timeout: 30_000 }).toBe(1);
    expect(await pager.textContent()).toContain('Page 2 of 2 (501 tasks)');
    // The one left over is among the oldest: one of the first 25 created.
    expect(Number((await rows(page).first().getByText(tag).first().textContent())?.split(' ')[1])).toBeLessThan(25);
    // Back to page 1: its 500 rows, none of them on screen, come 50 at a time (one render of all 500 was a long
    // task of 1.1–1.7 s here, the page frozen); the row counts the page went through, in order.
    await recordRowCounts(page);
    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => rows(page).count(), { timeout: 30_000 }).toBe(500);
    const counts = await rowCounts(page);
    expect(counts.at(-1)).toBe(500);
    expect(counts.filter((n) => n > 1).every((n, i, all) => n - (all[i - 1] ?? 0) <= 50), counts.join(' → ')).toBe(true);
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => rows(page).count(), { timeout: 30_000 }).toBe(1);
    // "<tag> 12" matches 12 and 120–129: eleven tasks, on page 1 (not on the empty page 2), no pager. While the
    // search waits for typing to pause, page 2 stays: page 1 of the previous search (500 rows) never shows.
    await recordRowCounts(page);
    await searchFor(page, `${tag} 12`, 11, 30_000);
    expect(await pager.count()).toBe(0);
    expect(Math.max(...(await rowCounts(page)))).toBe(11);
  }, 120_000);
});
