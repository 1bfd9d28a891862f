/**
 * Accessibility of the public site: axe-core (WCAG 2.1 A and AA rules) finds no violation on any public page,
 * in English and in Arabic (right to left); every page has one h1, its own title, a description, a canonical
 * link and Open Graph tags; an unknown path shows the 404 page. The pages come from
 * the same list the server uses (contracts' site-routes), so a new page is checked without editing this file.
 */
import { describe, expect, it } from 'vitest';
import { BLOG_ARTICLE_SLUGS, PUBLIC_PAGES } from '@crm/contracts';
import { axeViolations, browserSuite } from '../../test-support/browser.ts';

const PAGES = [...PUBLIC_PAGES, ...BLOG_ARTICLE_SLUGS.slice(0, 1).map((slug) => `/blog/${slug}`), '/admin', '/no-such-page'];

describe('accessibility of the public site (axe-core)', () => {
  // bypassCSP only to inject axe; the other browser tests check the app under its real CSP.
  const suite = browserSuite({ page: { bypassCSP: true } });

  for (const locale of ['en', 'ar'] as const) {
    it(`has no axe violations on any public page in ${locale}`, async () => {
      const page = await suite.newPage();
      await page.goto('/');
      await page.evaluate((l) => window.localStorage.setItem('crm.language', l), locale);
      const failures: string[] = [];
      const titles = new Map<string, string>();
      for (const path of PAGES) {
        await page.goto(path);
        const rendered = await page
          .locator('h1')
          .first()
          .waitFor({ timeout: 10_000 })
          .then(() => true, () => false);
        if (!rendered) {
          failures.push(`${path}: no h1 rendered`);
          continue;
        }
        await expect.poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([locale, locale === 'ar' ? 'rtl' : 'ltr']);
        const h1s = await page.locator('h1').count();
        if (h1s !== 1) failures.push(`${path}: ${h1s} h1 elements`);
        const head = await page.evaluate(() => ({
          title: document.title,
          description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
          canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '',
          ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? '',
        }));
        if (!head.title) failures.push(`${path}: no document title`);
        if (titles.has(head.title)) failures.push(`${path}: the same title as ${titles.get(head.title)} (${head.title})`);
        titles.set(head.title, path);
        if (!head.description) failures.push(`${path}: no meta description`);
        if (!head.canonical.endsWith(path)) failures.push(`${path}: canonical link ${head.canonical}`);
        if (head.ogTitle !== head.title) failures.push(`${path}: og:title ${head.ogTitle}`);
        if (path === '/no-such-page' && locale === 'en') {
          const h1 = await page.locator('h1').first().textContent();
          if (h1 !== '404 Page Not Found') failures.push(`${path}: h1 "${h1}"`);
        }
        for (const v of await axeViolations(page)) failures.push(`${path}: ${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(v.targets.slice(0, 3))}`);
      }
      expect(failures).toEqual([]);
    }, 180_000);
  }
});
