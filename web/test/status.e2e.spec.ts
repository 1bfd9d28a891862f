/**
 * Browser test of the status page `/status` (spec 01 §2 "Status", §4, §9): the four services with their
 * live state, uptime and response time, 90 daily bars each (labelled, days without data shown as such),
 * the incidents recorded in the samples, the "last checked" time and the refresh every minute; in English
 * and Arabic (right to left). Screenshots status-en.png and status-ar.png go to .artifacts/web.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, browserSuite, collectPageErrors, screenshot } from '../../test-support/browser.ts';

const DAY = 86_400_000;
const todayUtc = () => {
  const n = new Date();
  return Date.UTC(n.getUTCFullYear(), n.getUTCMonth(), n.getUTCDate());
};
const daysAgo = (n: number, hh: number, mm: number) => new Date(todayUtc() - n * DAY + hh * 3_600_000 + mm * 60_000);

describe('status page in the browser', () => {
  const suite = browserSuite({ app: { env: { STATUS_CHECK_INTERVAL_SECONDS: '2' } } });

  beforeAll(async () => {
    const insert = (service: string, at: Date, state: string) =>
      suite.app.platform.pool.query('INSERT INTO status_samples (service, at, state, response_ms) VALUES ($1, $2, $3, 12)', [service, at, state]);
    // Two past incidents: a mail queue outage twelve days ago, a slow api three days ago; some healthy days.
    for (const [i, state] of ['operational', 'outage', 'outage', 'operational'].entries()) await insert('queue', daysAgo(12, 9, i * 5), state);
    for (const [i, state] of ['operational', 'degraded', 'operational'].entries()) await insert('api', daysAgo(3, 14, i * 5), state);
    for (const service of ['api', 'eventStore', 'projections', 'queue']) for (const d of [1, 2, 5, 8]) await insert(service, daysAgo(d, 6, 0), 'operational');
  });

  /** A visitor who already chose their cookies (the consent banner would cover the page's bottom). */
  async function newVisitorPage(options: { height?: number; bypassCSP?: boolean } = {}) {
    const page = await suite.newPage(options);
    page.setDefaultTimeout(15_000);
    await page.addInitScript(() =>
      window.localStorage.setItem('cookiePreferences', JSON.stringify({ necessary: true, analytics: false, marketing: false, functional: false })),
    );
    return page;
  }

  
  /** Opens /status and reloads until the fresh check says all systems are operational (the app just started). */
  async function openOperational(page: Page) {
    await page.goto('/status');
    for (let i = 0; i < 20; i++) {
      await page.getByTestId('status-banner').waitFor();
      if ((await page.getByTestId('status-banner').getAttribute('data-state')) === 'operational') return;
      await page.waitForTimeout(1000);
      await page.reload();
    }
    throw new Error('the status page never showed all systems operational');
  }

  it('shows the overall state, four services with state, uptime, response time and 90 labelled daily bars, and the incidents', async () => {
    const page = await newVisitorPage({ height: 1400 });
    const errors = collectPageErrors(page);
    await openOperational(page);

    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('System status');
    await expect(page.title()).resolves.toBe('System status — Nexa CRM');
    await expect(page.getByTestId('status-banner').textContent()).resolves.toContain('All systems operational');
    await expect(page.getByTestId('status-checked-at').textContent()).resolves.toMatch(/^Last checked: /);

    const services = page.getByTestId('status-service');
    await expect(services.count()).resolves.toBe(4);
    const ids = await services.evaluateAll((els) => els.map((el) => el.getAttribute('data-service')));
    expect(ids).toEqual(['api', 'eventStore', 'projections', 'queue']);
    for (const name of ['API', 'Event store', 'Read models', 'Mail queue']) {
      await expect(page.getByRole('heading', { level: 3, name, exact: true }).count()).resolves.toBe(1);
    }
    for (let i = 0; i < 4; i++) {
      const service = services.nth(i);
      await expect(service.getByTestId('service-state').textContent()).resolves.toBe('Operational');
      await expect(service.getByTestId('uptime-day').count()).resolves.toBe(90);
      await expect(service.getByTestId('service-uptime').textContent()).resolves.toMatch(/^\d{1,3}(\.\d{1,2})?%$/);
      await expect(service.getByTestId('service-response').textContent()).resolves.toMatch(/^[\d,]+ ms$/);
      // Today has samples (the recorder runs); a day 40 days ago has none and says so.
      const today = service.getByTestId('uptime-day').last();
      await expect(today.getAttribute('data-state')).resolves.toBe('operational');
      await expect(today.getAttribute('title')).resolves.toMatch(/: 100% uptime, Operational$/);
      const empty = service.getByTestId('uptime-day').nth(49);
      await expect(empty.getAttribute('data-state')).resolves.toBe('unknown');
      await expect(empty.getAttribute('title')).resolves.toMatch(/: no data$/);
      await expect(empty.textContent()).resolves.toMatch(/: no data$/);
    }
    // The bars are lists named after their service.
    await expect(page.getByRole('list', { name: 'Mail queue: daily uptime over the last 90 days' }).count()).resolves.toBe(1);
    // The queue's outage day: 50% uptime, outage colour and label.
    const queueOutageDay = services.nth(3).getByTestId('uptime-day').nth(89 - 12);
    await expect(queueOutageDay.getAttribute('data-state')).resolves.toBe('outage');
    await expect(queueOutageDay.getAttribute('title')).resolves.toMatch(/: 50% uptime, Outage$/);
    await expect(services.nth(3).getByTestId('service-uptime').textContent()).resolves.not.toBe('100%');

    const incidents = page.getByTestId('incident');
    await expect(incidents.count()).resolves.toBe(2);
    await expect(incidents.nth(0).textContent()).resolves.toContain('API: degraded performance');
    await expect(incidents.nth(0).textContent()).resolves.toContain('Resolved');
    await expect(incidents.nth(1).textContent()).resolves.toContain('Mail queue: outage');
    const period = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Paris' });
    await expect(incidents.nth(1).textContent()).resolves.toContain(`From ${period.format(daysAgo(12, 9, 5))} to ${period.format(daysAgo(12, 9, 15))}`);

    await screenshot(page, 'status-en.png', { fullPage: true });
    expect(errors).toEqual([]);
  });

  it('refreshes itself every minute', async () => {
    const page = await newVisitorPage();
    await page.clock.install();
    await openOperational(page);
    const first = await page.getByTestId('status-checked-at').getAttribute('datetime');
    // The server reuses a check for 5 s; a minute later (page clock) the page asks again and gets a new one.
    await new Promise((r) => setTimeout(r, 5500));
    await page.clock.fastForward(60_000);
    await expect
      .poll(() => page.getByTestId('status-checked-at').getAttribute('datetime'), { timeout: 10_000 })
      .not.toBe(first);
  });

  it('in Arabic: right to left, translated, numbers and dates per locale', async () => {
    const page = await newVisitorPage({ height: 1400 });
    const errors = collectPageErrors(page);
    await page.addInitScript(() => window.localStorage.setItem('crm.language', 'ar'));
    await openOperational(page);
    await expect(page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).resolves.toEqual(['ar', 'rtl']);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('حالة النظام');
    await expect(page.getByTestId('status-banner').textContent()).resolves.toContain('جميع الأنظمة تعمل بشكل طبيعي');
    await expect(page.getByTestId('status-service').count()).resolves.toBe(4);
    await expect(page.getByTestId('incident').count()).resolves.toBe(2);
    await expect(page.getByTestId('incident').nth(1).textContent()).resolves.toContain('طابور البريد: توقف');
    const uptime = new Intl.NumberFormat('ar', { style: 'percent', maximumFractionDigits: 2 }).format(1);
    await expect(page.getByTestId('status-service').nth(1).getByTestId('service-uptime').textContent()).resolves.toBe(uptime);
    await screenshot(page, 'status-ar.png', { fullPage: true });
    expect(errors).toEqual([]);
  });

  it('has no accessibility violations (axe-core) in English and Arabic', async () => {
    for (const language of ['en', 'ar']) {
      const page = await newVisitorPage({ bypassCSP: true });
      await page.addInitScript((l) => window.localStorage.setItem('crm.language', l), language);
      await openOperational(page);
      await page.getByTestId('incident').first().waitFor();
      await expect(axeViolations(page, { include: ['main'] }), language).resolves.toEqual([]);
    }
  });
});
