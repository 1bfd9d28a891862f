/**
 * Browser test of the walking skeleton: a visitor books a meeting from the landing page; an admin logs in,
 * finds the booking, confirms it, completes it, and the status survives a reload.
 *
 * Runs the real platform (test-support/browser.ts browserSuite: fresh database, real HTTP server) serving a build of the
 * current web sources made here, and drives Chromium through playwright-core.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginToken, rest } from '../../test-support/http.ts';
import { browserSuite, collectPageErrors, screenshot } from '../../test-support/browser.ts';

const VISITOR_ZONE = 'Europe/Paris';
const ADMIN_CHUNK = /\/assets\/admin\.page-[^/]*\.js$/;

const dateIn = (timeZone: string, days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 24 * 60 * 60 * 1000));
/** The first date from tomorrow on whose ISO weekday is in `weekdays` (the business zone is the visitor's here). */
function nextDayIn(timeZone: string, weekdays: number[]): string {
  for (let i = 1; ; i++) {
    const date = dateIn(timeZone, i);
    if (weekdays.includes(new Date(`${date}T00:00:00Z`).getUTCDay() || 7)) return date;
  }
}
/** The next Monday … Friday (BUSINESS_DAYS' default): a valid preferred date. */
const nextBusinessDayIn = (timeZone: string) => nextDayIn(timeZone, [1, 2, 3, 4, 5]);

/** Collects what a page fetched and any uncaught error it raised. */
function watch(page: Page) {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  return { requests, errors: collectPageErrors(page) };
}

describe('booking flow in the browser', () => {
  const suite = browserSuite({ page: { timezoneId: VISITOR_ZONE } });
  const visitor = {
    name: 'Ada Lovelace',
    email: `ada.${Date.now().toString(36)}@example.com`,
    company: 'Analytical Engines Ltd',
    phone: '+44 20 7946 0000',
    date: nextBusinessDayIn(VISITOR_ZONE),
    time: '10:00',
    message: 'We would like to see order tracking.',
  };
  let bookingId = '';

  const newPage = (options: { width?: number; height?: number } = {}) => suite.newPage({ ...options, timezoneId: VISITOR_ZONE });

  it('lets a visitor book a meeting from Watch Demo and shows the booking ID', async () => {
    const page = await newPage();
    const seen = watch(page);

    await page.goto('/');
    await expect.poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['en', 'ltr']);
    const watchDemo = page.getByRole('button', { name: 'Watch Demo' });
    await watchDemo.waitFor();
    await expect(page.getByTestId('hero-no-credit-card').textContent()).resolves.toContain('No credit card required');
    await screenshot(page, 'landing-en.png', { fullPage: true });

    // The navigation bar gains a shadow once the page is scrolled.
    const header = page.getByTestId('site-header');
    await expect(header.getAttribute('data-scrolled')).resolves.toBe('false');
    await page.mouse.wheel(0, 400);
    await expect.poll(() => header.getAttribute('data-scrolled')).toBe('true');
    await page.evaluate(() => window.scrollTo(0, 0));

    await watchDemo.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Book a Meeting' }).waitFor();
    const submit = dialog.getByRole('button', { name: 'Book Meeting' });
    await expect(submit.isDisabled()).resolves.toBe(true);

    // The date input does not offer days before today; a weekend offers no time; a business day the nine slots.
    await expect(dialog.getByLabel('Preferred date').getAttribute('min')).resolves.toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await dialog.getByLabel('Preferred date').fill(nextDayIn(VISITOR_ZONE, [6, 7]));
    await expect.poll(() => dialog.getByTestId('booking-date-note').textContent()).toBe('We meet Monday to Friday. Please pick another date.');
    await expect(dialog.getByLabel('Preferred time').locator('option:not([value=""])').count()).resolves.toBe(0);
    await screenshot(page, 'booking-dialog-weekend.png');
    await dialog.getByLabel('Preferred date').fill(visitor.date);
    await expect(dialog.getByTestId('booking-date-note').count()).resolves.toBe(0);
    const slots = await dialog.getByLabel('Preferred time').locator('option:not([value=""])').allTextContents();
    expect(slots).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00']);
    const types = await dialog.getByLabel('Meeting type').locator('option:not([value=""])').allTextContents();
    expect(types).toEqual(['Product Demo', 'Free Consultation', 'Sales Discussion', 'Technical Support', 'Partnership Opportunities']);

    await dialog.getByLabel('Full name').fill(visitor.name);
    await dialog.getByLabel('Email').fill(visitor.email);
    await dialog.getByLabel('Company').fill(visitor.company);
    await dialog.getByLabel('Phone').fill(visitor.phone);
    await dialog.getByLabel('Meeting type').selectOption('demo');
    await expect(submit.isDisabled()).resolves.toBe(true); // the time is still missing
    await dialog.getByLabel('Preferred time').selectOption(visitor.time);
    await dialog.getByLabel('Message').fill(visitor.message);
    await expect(submit.isEnabled()).resolves.toBe(true);
    await screenshot(page, 'booking-dialog.png');

    await submit.click();
    const shownId = dialog.getByTestId('booking-id');
    await shownId.waitFor();
    bookingId = (await shownId.textContent())?.trim() ?? '';
    expect(bookingId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    await screenshot(page, 'booking-confirmed.png');

    // Closing resets: the next opening shows an empty form again.
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Get Started' }).click();
    await page.getByRole('dialog').getByLabel('Full name').waitFor();
    await expect(page.getByRole('dialog').getByLabel('Full name').inputValue()).resolves.toBe('');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    // Arabic: right-to-left, applied at once and remembered across a reload.
    await page.getByTestId('language-switcher-desktop').selectOption('ar');
    await expect.poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await page.getByRole('button', { name: 'شاهد العرض التوضيحي' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'شاهد العرض التوضيحي' }).waitFor();
    await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
    await screenshot(page, 'landing-ar.png', { fullPage: true });

    // An Arabic visitor: a phone number the server refuses is explained in Arabic beside the field;
    // once corrected, the booking records Arabic as the language of the visitor's mails.
    await page.getByRole('button', { name: 'شاهد العرض التوضيحي' }).click();
    const arDialog = page.getByRole('dialog');
    await arDialog.getByLabel('الاسم الكامل').fill('ليلى');
    await arDialog.getByLabel('البريد الإلكتروني').fill(`layla.${Date.now().toString(36)}@example.com`);
    await arDialog.getByLabel('الهاتف').fill('call me maybe');
    await arDialog.getByLabel('نوع الاجتماع').selectOption('sales');
    await arDialog.getByLabel('التاريخ المفضل').fill(visitor.date);
    await arDialog.getByLabel('الوقت المفضل').selectOption('11:00');
    await screenshot(page, 'booking-dialog-ar.png');
    await arDialog.getByRole('button', { name: 'احجز الاجتماع' }).click();
    await expect.poll(() => arDialog.getByTestId('booking-error-phone').textContent()).toBe('يرجى إدخال رقم هاتف صالح.');
    await screenshot(page, 'booking-dialog-ar-error.png');
    await arDialog.getByLabel('الهاتف').fill('+966 11 000 0000');
    await arDialog.getByRole('button', { name: 'احجز الاجتماع' }).click();
    const arId = (await arDialog.getByTestId('booking-id').textContent())?.trim() ?? '';
    const { rows } = await suite.app.platform.pool.query<{ locale: string }>(`SELECT data->>'locale' AS locale FROM es_events WHERE stream_id = $1`, [
      `booking-${arId}`,
    ]);
    expect(rows).toEqual([{ locale: 'ar' }]);
    await page.keyboard.press('Escape');

    // The public site never downloaded the admin area's code.
    expect(seen.requests.filter((p) => ADMIN_CHUNK.test(p))).toEqual([]);
    expect(seen.requests.some((p) => p.startsWith('/trpc/bookings.request'))).toBe(true);
    expect(seen.errors).toEqual([]);
  }, 120_000);

  it('lets an admin find the booking, confirm it, complete it, and keeps the status after a reload', async () => {
    expect(bookingId, 'the visitor test must have created a booking').not.toBe('');
    const page = await newPage({ width: 1366, height: 900 });
    const seen = watch(page);

    await page.goto('/admin');
    const login = page.getByRole('button', { name: 'Login' });
    await login.waitFor();
    expect(seen.requests.some((p) => ADMIN_CHUNK.test(p))).toBe(true); // the admin chunk loads here, lazily
    await expect(login.isDisabled()).resolves.toBe(true);
    await page.getByLabel('Email').fill(suite.app.admin.email);
    await page.getByLabel('Password').fill(suite.app.admin.password);
    await expect(login.isEnabled()).resolves.toBe(true);
    await page.getByLabel('Password').press('Enter'); // Enter in the password field submits
    await page.getByTestId('admin-user-name').waitFor();
    await expect(page.getByTestId('admin-user-role').textContent()).resolves.toBe('Admin');
    // The sidebar lists every area in its groups' order (issue 12 §3: Dashboard, Sales, Bookings, Admin, Profile).
    await page.getByTestId('admin-tab-bookings').click();
    expect(await page.locator('[data-testid^="admin-tab-"]').allTextContents()).toEqual(['Dashboard', 'Customers', 'Pipeline', 'Tasks', 'Marketing', 'Bookings', 'Users', 'Login History', 'Security', 'Audit Log', 'Integrations', 'Profile']);

    // No session material is readable by scripts: the cookie is HttpOnly and nothing is stored.
    expect(await page.evaluate(() => document.cookie)).toBe('');
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k !== 'crm.language'))).toEqual([]);

    const row = page.locator(`[data-testid="booking-row"][data-booking-id="${bookingId}"]`);
    const search = async () => {
      await page.getByLabel('Search').fill(visitor.email);
      await expect.poll(() => page.getByText('Filtered Results').count()).toBe(1);
      await row.waitFor();
      await expect.poll(() => page.getByTestId('booking-row').count()).toBe(1);
    };
    await search();
    await expect(row.textContent()).resolves.toContain(`${visitor.date} ${visitor.time} (${VISITOR_ZONE})`);
    await expect(row.textContent()).resolves.toContain('Product Demo');
    await expect(row.getByTestId('booking-status').getAttribute('data-status')).resolves.toBe('pending');

    // Confirm from the details dialog.
    await row.getByTestId('booking-view').click();
    const details = page.getByRole('dialog');
    await details.getByRole('heading', { name: 'Booking Details' }).waitFor();
    await expect(details.textContent()).resolves.toContain(visitor.message);
    await expect(details.getByTestId('details-complete').isDisabled()).resolves.toBe(true);
    await details.getByRole('button', { name: 'Confirm Meeting' }).click();
    await expect.poll(() => details.getByTestId('booking-status').getAttribute('data-status')).toBe('confirmed');
    await expect(details.getByTestId('details-confirm').isDisabled()).resolves.toBe(true);
    await expect(details.getByTestId('details-complete').isEnabled()).resolves.toBe(true);
    // The buttons say what they do; completing a meeting that has not started asks first.
    await expect(details.getByTestId('details-cancel').textContent()).resolves.toBe('Cancel meeting');
    await expect(details.getByTestId('details-close').textContent()).resolves.toBe('Close');
    await details.getByTestId('details-complete').click();
    await expect.poll(() => details.getByTestId('details-complete-early').textContent()).toContain('has not started yet');
    await screenshot(page, 'admin-booking-complete-early.png');
    await details.getByRole('button', { name: 'Not yet' }).click();
    await expect(details.getByTestId('details-complete-early').count()).resolves.toBe(0);
    await expect(details.getByTestId('booking-status').getAttribute('data-status')).resolves.toBe('confirmed');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
    await expect.poll(() => row.getByTestId('booking-status').getAttribute('data-status')).toBe('confirmed');

    // Complete from the table's row action: the meeting has not started, so it asks first.
    await row.getByRole('button', { name: 'Complete' }).click();
    await expect.poll(() => page.getByTestId('booking-complete-early-text').textContent()).toContain('has not started yet');
    await page.getByTestId('booking-complete-early-confirm').click();
    await expect.poll(() => row.getByTestId('booking-status').getAttribute('data-status')).toBe('completed');
    await screenshot(page, 'admin-bookings.png', { fullPage: true });

    // The status is the server's: still completed after a reload (the session cookie keeps us logged in).
    await page.reload();
    await page.getByTestId('admin-user-name').waitFor();
    await search();
    await expect(row.getByTestId('booking-status').getAttribute('data-status')).resolves.toBe('completed');
    await row.getByTestId('booking-view').click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Booking Details' }).waitFor();
    for (const id of ['details-confirm', 'details-complete', 'details-cancel']) {
      await expect(page.getByTestId(id).isDisabled(), id).resolves.toBe(true);
    }
    await screenshot(page, 'admin-booking-details.png');
    await page.keyboard.press('Escape');

    // Many bookings are paged (50 a page); a filter change goes back to page 1.
    const tag = `page-${Date.now().toString(36)}`;
    for (let i = 0; i < 55; i++) {
      const res = await fetch(`${suite.app.baseUrl}/api/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Pager ${i}`, email: `${tag}-${i}@example.com`, meetingType: 'sales', preferredDate: visitor.date, preferredTime: '09:00' }),
      });
      expect(res.status).toBe(201);
    }
    // The list reads the read model (eventually consistent): search once all 55 are projected.
    const token = await loginToken(suite.app, suite.app.admin);
    await expect
      .poll(async () => (await rest(suite.app, `/api/admin/bookings?search=${tag}`, { token })).body.counts.total, { timeout: 15_000 })
      .toBe(55);
    await page.getByLabel('Search').fill(tag);
    const pager = page.getByTestId('bookings-pager');
    await expect.poll(() => pager.textContent(), { timeout: 10_000 }).toContain('Page 1 of 2 · 55 bookings');
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => pager.textContent()).toContain('Page 2 of 2');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(5);
    await page.getByLabel('Search').fill(`${tag}-1`);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(11); // -1, -10 … -19
    await expect(pager.isVisible()).resolves.toBe(false);

    // Logout returns to the login screen, and a reload does not bring the session back.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(seen.errors).toEqual([]);
  }, 120_000);
});
