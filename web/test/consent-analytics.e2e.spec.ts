/**
 * Cookie consent and first-party usage analytics in the browser, plus the static pages (spec 01 §2):
 * - first visit shows the consent banner; Reject optional → no analytics request, even across navigations;
 * - Accept all → page views (home for /, else the path without the slash) reach the server and are stored
 *   as AnalyticsEventsRecorded events (read from the event store);
 * - the /cookies toggles persist in localStorage `cookiePreferences` across a reload;
 * - every static page renders its one h1 in English and Arabic (dir=rtl), without page or CSP errors.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, browserSuite, collectPageErrors, screenshot } from '../../test-support/browser.ts';

const STATIC_PAGES: { path: string; en: string; ar: string }[] = [
  { path: '/about', en: 'About Nexa CRM', ar: 'عن Nexa CRM' },
  { path: '/careers', en: 'Careers at Nexa CRM', ar: 'الوظائف في Nexa CRM' },
  { path: '/press', en: 'Press and media', ar: 'الصحافة والإعلام' },
  { path: '/help', en: 'Help Center', ar: 'مركز المساعدة' },
  { path: '/security', en: 'Security at Nexa CRM', ar: 'الأمان في Nexa CRM' },
  { path: '/privacy', en: 'Privacy Policy', ar: 'سياسة الخصوصية' },
  { path: '/terms', en: 'Terms of Service', ar: 'شروط الخدمة' },
  { path: '/cookies', en: 'Cookie Policy', ar: 'سياسة ملفات تعريف الارتباط' },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every analytics POST the page makes (fetch or beacon). */
function watchAnalytics(page: Page) {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/analytics/events') posts.push(request.postData() ?? '');
  });
  return posts;
}

describe('cookie consent, analytics and static pages', () => {
  const suite = browserSuite();

  const storedEvents = async () =>
    (
      await suite.app.platform.pool.query<{ data: { events: { name: string; props: Record<string, unknown>; path: string; sessionId: string }[] } }>(
        "SELECT data FROM es_events WHERE stream_id LIKE 'analytics-%' AND type = 'AnalyticsEventsRecorded' ORDER BY global_position",
      )
    ).rows.flatMap((row) => row.data.events);

  const readPreferences = (page: Page) => page.evaluate(() => window.localStorage.getItem('cookiePreferences'));

  it('shows the banner on a first visit; Reject optional sends no analytics, even across navigations', async () => {
    const page = await suite.newPage();
    const errors = collectPageErrors(page);
    const posts = watchAnalytics(page);
    const before = (await storedEvents()).length;

    await page.goto('/');
    const banner = page.getByRole('region', { name: 'We value your privacy' });
    await banner.waitFor();
    await screenshot(page, 'consent-banner.png');
    // Not a modal: it covers only the bottom of the viewport.
    const box = (await banner.boundingBox())!;
    expect(box.height).toBeLessThan(860 / 2);

    // Keyboard: the banner's buttons are reachable with Tab (it comes first in the page's order).
    let reachedReject = false;
    for (let i = 0; i < 6 && !reachedReject; i++) {
      await page.keyboard.press('Tab');
      reachedReject = await page.evaluate(() => document.activeElement?.textContent === 'Reject optional');
    }
    expect(reachedReject).toBe(true);
    await page.keyboard.press('Enter');
    await banner.waitFor({ state: 'detached' });
    expect(JSON.parse((await readPreferences(page))!)).toEqual({ necessary: true, analytics: false, marketing: false, functional: false });

    // Client-side navigation, a full load, and leaving the page: still nothing.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/about');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { level: 1, name: 'About Nexa CRM' }).waitFor();
    await page.goto('/careers');
    await page.getByRole('heading', { level: 1, name: 'Careers at Nexa CRM' }).waitFor();
    await expect(page.getByRole('region', { name: 'We value your privacy' }).count()).resolves.toBe(0);
    await sleep(5000);
    await page.goto('/press');
    await page.close({ runBeforeUnload: true });
    await sleep(500);
    expect(posts).toEqual([]);
    expect((await storedEvents()).length).toBe(before);
    expect(errors).toEqual([]);
  });

  it('Accept all sends page views (home for /, else the path) to the server, stored as events', async () => {
    const page = await suite.newPage();
    const errors = collectPageErrors(page);
    const posts = watchAnalytics(page);

    await page.goto('/');
    const banner = page.getByRole('region', { name: 'We value your privacy' });
    await banner.getByRole('button', { name: 'Accept all' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(JSON.parse((await readPreferences(page))!)).toEqual({ necessary: true, analytics: true, marketing: true, functional: true });
    const sessionId = await page.evaluate(() => window.sessionStorage.getItem('analyticsSessionId'));
    expect(sessionId).toMatch(/^[A-Za-z0-9-]{8,64}$/);

    // A full load (the queued home view leaves with a beacon), then the timer flush of /help.
    await page.goto('/help');
    await page.getByRole('heading', { level: 1, name: 'Help Center' }).waitFor();
    await expect
      .poll(async () => (await storedEvents()).filter((e) => e.sessionId === sessionId && e.name === 'page_view').map((e) => e.props.page), { timeout: 15_000 })
      .toEqual(expect.arrayContaining(['home', 'help']));
    const help = (await storedEvents()).find((e) => e.sessionId === sessionId && e.props.page === 'help')!;
    expect(help.path).toBe('/help');
    expect(posts.length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('/help search filters the articles', async () => {
    const page = await suite.newPage();
    await page.addInitScript(() => window.localStorage.setItem('cookiePreferences', JSON.stringify({ necessary: true, analytics: false, marketing: false, functional: false })));
    await page.goto('/help');
    const results = page.getByTestId('help-results').getByRole('listitem');
    await expect.poll(() => results.count()).toBe(5);
    for (const [key, count] of [['gettingStarted', '5'], ['account', '12'], ['orders', '8'], ['integrations', '20']]) {
      await expect(page.getByTestId(`category-count-${key}`).textContent()).resolves.toContain(count);
    }
    await page.getByRole('searchbox', { name: 'Search the help articles' }).fill('invoices');
    await expect.poll(() => results.count()).toBe(1);
    await expect(page.getByTestId('help-article-invoices').isVisible()).resolves.toBe(true);
    await page.getByRole('searchbox', { name: 'Search the help articles' }).fill('zzzz nothing');
    await page.getByText('No articles match "zzzz nothing".').waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => results.count()).toBe(5);
  });

  it('/cookies starts from the defaults and its toggles persist after a reload', async () => {
    const page = await suite.newPage();
    const errors = collectPageErrors(page);
    await page.goto('/cookies');
    await page.getByRole('heading', { level: 1, name: 'Cookie Policy' }).waitFor();
    // The page itself is the choice: no banner on it.
    await expect(page.getByRole('region', { name: 'We value your privacy' }).count()).resolves.toBe(0);
    const toggle = (category: string) => page.getByTestId(`cookie-toggle-${category}`);
    await expect(toggle('necessary').isChecked()).resolves.toBe(true);
    await expect(toggle('necessary').isDisabled()).resolves.toBe(true);
    await expect(toggle('analytics').isChecked()).resolves.toBe(true);
    await expect(toggle('marketing').isChecked()).resolves.toBe(false);
    await expect(toggle('functional').isChecked()).resolves.toBe(true);
    expect(await readPreferences(page)).toBeNull();

    // Keyboard: Space flips a switch.
    await toggle('analytics').focus();
    await page.keyboard.press('Space');
    await toggle('marketing').focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await page.getByText('Your cookie preferences have been saved.').waitFor();
    expect(JSON.parse((await readPreferences(page))!)).toEqual({ necessary: true, analytics: false, marketing: true, functional: true });

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Cookie Policy' }).waitFor();
    await expect.poll(() => toggle('analytics').isChecked()).toBe(false);
    await expect(toggle('marketing').isChecked()).resolves.toBe(true);
    await expect(toggle('functional').isChecked()).resolves.toBe(true);
    expect(JSON.parse((await readPreferences(page))!)).toEqual({ necessary: true, analytics: false, marketing: true, functional: true });
    expect(errors).toEqual([]);
  });

  it.each(['en', 'ar'] as const)('renders every static page with one h1 in %s', async (language) => {
    const page = await suite.newPage();
    const errors = collectPageErrors(page);
    await page.addInitScript((lang) => {
      window.localStorage.setItem('crm.language', lang);
      window.localStorage.setItem('cookiePreferences', JSON.stringify({ necessary: true, analytics: false, marketing: false, functional: true }));
    }, language);
    for (const entry of STATIC_PAGES) {
      const response = await page.goto(entry.path);
      expect(response?.status(), entry.path).toBe(200);
      await page.getByRole('heading', { level: 1, name: entry[language] }).waitFor();
      await expect(page.locator('h1').count(), entry.path).resolves.toBe(1);
      await expect(page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).resolves.toEqual([language, language === 'ar' ? 'rtl' : 'ltr']);
      await expect.poll(() => page.title(), { timeout: 5000 }).not.toBe('');
      if (language === 'en' && entry.path === '/about') {
        await page.getByTestId('stat-customers').getByText('10K+').waitFor();
        await screenshot(page, 'about-en.png', { fullPage: true });
      }
      if (language === 'ar' && entry.path === '/cookies') await screenshot(page, 'cookies-ar.png', { fullPage: true });
      if ((language === 'ar' && ['/careers', '/privacy'].includes(entry.path)) || (language === 'en' && ['/security', '/help', '/press'].includes(entry.path))) {
        await screenshot(page, `${entry.path.slice(1)}-${language}.png`, { fullPage: true });
      }
    }
    expect(errors).toEqual([]);
  });

  // Every static page is checked by axe in both languages, banner included, by accessibility.e2e.spec.ts; here only
  // the banner itself, in both directions.
  it.each(['en', 'ar'] as const)('has no accessibility violations (axe-core) in the consent banner in %s', async (language) => {
    const page = await suite.newPage({ bypassCSP: true });
    await page.addInitScript((lang) => window.localStorage.setItem('crm.language', lang), language);
    await page.goto('/about');
    await page.getByTestId('cookie-consent').waitFor();
    await expect(axeViolations(page, { include: ['[data-testid="cookie-consent"]'] }), `the banner (${language})`).resolves.toEqual([]);
  });
});
