/**
 * Browser test of the blog (spec 01 §2 "Blog" and "Article", §9): search, category, topics, the empty state,
 * the Featured section, an article with its related articles and head data, sharing by copying the link,
 * unknown slugs, and the Arabic page laid out right to left.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, collectPageErrors, screenshot } from '../../test-support/browser.ts';

const KPI_SLUG = 'warehouse-delivery-kpis-operations-teams';
const KPI_TITLE = 'Warehouse and Delivery KPIs Every Operations Team Should Track';
const KPI_META_TITLE = 'Warehouse and Delivery KPIs for Operations Teams | Nexa CRM Blog';

const cards = (page: Page) => page.getByTestId('blog-articles').getByTestId('article-card');
const count = (page: Page) => page.getByTestId('blog-result-count').textContent();

describe('blog in the browser', () => {
  const suite = browserSuite();

  it('searches, filters by category and topic, shows the empty state and clears it', async () => {
    const page = await suite.newPage();
    const errors = collectPageErrors(page);
    await page.goto('/blog');
    await page.getByRole('heading', { level: 1, name: 'Nexa CRM Blog' }).waitFor();
    await expect.poll(() => page.title()).toBe('Blog: orders, deliveries and operations insights | Nexa CRM');
    await expect(count(page)).resolves.toBe('3 articles');
    await expect(cards(page).count()).resolves.toBe(3);

    // The Featured section holds the two featured articles.
    const featured = page.getByTestId('featured-articles');
    await expect(featured.getByRole('heading', { level: 2, name: 'Featured' }).isVisible()).resolves.toBe(true);
    await expect(featured.getByTestId('featured-article').count()).resolves.toBe(2);

    // All Topics plus at most 8 tags; All Topics is pressed.
    const topics = page.getByTestId('blog-topics').getByRole('button');
    await expect(topics.count()).resolves.toBe(9);
    await expect(page.getByRole('button', { name: 'All Topics' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await screenshot(page, 'blog-en.png', { fullPage: true });

    // Search narrows the list and the count (case- and accent-insensitive, over title and excerpt).
    await page.getByLabel('Search articles').fill('KPÍS');
    await expect.poll(() => count(page)).toBe('1 article');
    await expect(cards(page).first().getByRole('heading').textContent()).resolves.toBe(KPI_TITLE);
    await expect(featured.isVisible()).resolves.toBe(false);
    // The filters live in the address bar and survive a reload.
    await expect.poll(() => new URL(page.url()).search).toBe('?q=KP%C3%8DS');
    await page.reload();
    await expect.poll(() => count(page)).toBe('1 article');
    await expect(page.getByLabel('Search articles').inputValue()).resolves.toBe('KPÍS');
    await page.getByLabel('Search articles').fill('');
    await expect.poll(() => count(page)).toBe('3 articles');

    // Category.
    await page.getByLabel('Category').selectOption('technology');
    await expect.poll(() => count(page)).toBe('1 article');
    await expect(cards(page).first().getByTestId('article-category').textContent()).resolves.toBe('Technology');
    await page.getByLabel('Category').selectOption('all');
    await expect.poll(() => count(page)).toBe('3 articles');

    // A topic button.
    const analytics = page.getByRole('button', { name: 'Analytics', exact: true });
    await analytics.click();
    await expect.poll(() => analytics.getAttribute('aria-pressed')).toBe('true');
    await expect(page.getByRole('button', { name: 'All Topics' }).getAttribute('aria-pressed')).resolves.toBe('false');
    await expect.poll(() => count(page)).toBe('2 articles');

    // Nothing matches: No articles found, and Clear Filters brings everything back.
    await page.getByLabel('Search articles').fill('quantum blockchain');
    await page.getByRole('heading', { name: 'No articles found' }).waitFor();
    await expect(count(page)).resolves.toBe('0 articles');
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => count(page)).toBe('3 articles');
    await expect(page.getByLabel('Search articles').inputValue()).resolves.toBe('');
    await expect(page.getByLabel('Category').inputValue()).resolves.toBe('all');
    await expect(page.getByRole('button', { name: 'All Topics' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(new URL(page.url()).search).toBe('');
    expect(errors).toEqual([]);
  });

  it('shows an article with its details, head data and related articles; Back restores the blog title', async () => {
    const page = await suite.newPage();
    const errors = collectPageErrors(page);
    // No native share sheet here: the button falls back to copying the link.
    await page.addInitScript(() => {
      delete (Navigator.prototype as { share?: unknown }).share;
    });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/blog');
    const blogTitle = 'Blog: orders, deliveries and operations insights | Nexa CRM';
    await expect.poll(() => page.title()).toBe(blogTitle);

    await page.getByRole('link', { name: KPI_TITLE }).first().click();
    await page.getByRole('heading', { level: 1, name: KPI_TITLE }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/blog/${KPI_SLUG}`);
    const article = page.getByTestId('article');
    await expect(article.getByTestId('article-category').textContent()).resolves.toBe('Operations');
    await expect(article.getByTestId('article-date').first().textContent()).resolves.toBe('October 27, 2026');
    await expect(article.getByTestId('article-date').first().getAttribute('datetime')).resolves.toBe('2026-10-27');
    await expect(article.getByTestId('article-reading-time').first().textContent()).resolves.toBe('10 min read');
    await expect(article.getByTestId('article-author').textContent()).resolves.toBe('By Léa Dubois');
    const tags = await article.getByTestId('article-tags').getByRole('listitem').allTextContents();
    expect(tags).toEqual(['Warehouse', 'Logistics', 'Analytics', 'Teams', 'E-commerce']);
    const authorBox = page.getByTestId('author-box');
    await expect(authorBox.getByRole('heading', { name: 'About the author' }).isVisible()).resolves.toBe(true);
    await expect(authorBox.textContent()).resolves.toContain('Operations consultant at Nexa CRM');
    // The body's markup became headings, lists and bold text.
    const body = page.getByTestId('article-content');
    await expect(body.getByRole('heading', { level: 2, name: 'Delivery indicators' }).isVisible()).resolves.toBe(true);
    await expect(body.locator('ul > li').count()).resolves.toBeGreaterThanOrEqual(7);
    await expect(body.locator('strong', { hasText: 'Order accuracy' }).isVisible()).resolves.toBe(true);

    // Related: at most 3, never the article itself.
    const related = page.getByTestId('related-articles').getByTestId('related-article');
    const relatedCount = await related.count();
    expect(relatedCount).toBeGreaterThan(0);
    expect(relatedCount).toBeLessThanOrEqual(3);
    const relatedSlugs = await related.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-slug')));
    expect(relatedSlugs).not.toContain(KPI_SLUG);

    // Head: the article's metaTitle, description, keywords, canonical and JSON-LD Article data.
    await expect.poll(() => page.title()).toBe(KPI_META_TITLE);
    // A language switch keeps the article's own title, in the new language (not the site's default title).
    await page.getByTestId('language-switcher-desktop').selectOption('fr');
    await expect.poll(() => page.title()).toBe('Indicateurs d’entrepôt et de livraison pour les équipes opérations | Blog Nexa CRM');
    await page.getByTestId('language-switcher-desktop').selectOption('en');
    await expect.poll(() => page.title()).toBe(KPI_META_TITLE);
    const head = await page.evaluate(() => ({
      description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
      keywords: document.querySelector('meta[name="keywords"]')?.getAttribute('content'),
      ogType: document.querySelector('meta[property="og:type"]')?.getAttribute('content'),
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '{}')),
    }));
    expect(head.description).toMatch(/^The warehouse and delivery KPIs that matter/);
    expect(head.keywords).toContain('warehouse KPIs');
    expect(head.ogType).toBe('article');
    expect(new URL(head.canonical ?? '').pathname).toBe(`/blog/${KPI_SLUG}`);
    expect(head.jsonLd).toHaveLength(1);
    expect(head.jsonLd[0]).toMatchObject({
      '@type': 'Article',
      headline: KPI_TITLE,
      datePublished: '2026-10-27',
      dateModified: '2026-10-27',
      author: { name: 'Léa Dubois' },
    });

    // Share falls back to copying the link, and says so.
    await page.getByTestId('article-share').click();
    await expect.poll(() => page.getByTestId('article-share-status').textContent()).toBe('Link copied to clipboard');
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(page.url());

    // The call to action opens the booking dialog.
    await page.getByRole('button', { name: 'Book a Demo' }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Book a Meeting' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'article-en.png', { fullPage: true });

    // Leaving restores the blog's title and removes the article's JSON-LD.
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Nexa CRM Blog' }).waitFor();
    await expect.poll(() => page.title()).toBe(blogTitle);
    await expect(page.locator('script[type="application/ld+json"]').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  });

  it('sends an unknown slug to /blog', async () => {
    const page = await suite.newPage();
    await page.goto('/blog/no-such-article');
    await page.getByRole('heading', { level: 1, name: 'Nexa CRM Blog' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/blog');
  });

  it('lays the Arabic blog out right to left, with Arabic plurals and dates', async () => {
    const page = await suite.newPage();
    const errors = collectPageErrors(page);
    await page.addInitScript(() => window.localStorage.setItem('crm.language', 'ar'));
    await page.goto('/blog');
    await page.getByRole('heading', { level: 1, name: 'مدونة Nexa CRM' }).waitFor();
    await expect(page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).resolves.toEqual(['ar', 'rtl']);
    await expect(count(page)).resolves.toBe('3 مقالات');
    await expect(page.getByTestId('featured-article').count()).resolves.toBe(2);
    // Diacritics-insensitive Arabic search (a word written with a short vowel).
    await page.getByLabel('البحث في المقالات').fill('المُستودعات');
    await expect.poll(() => count(page)).toBe('2 مقالان');
    await page.getByLabel('البحث في المقالات').fill('');
    await expect.poll(() => count(page)).toBe('3 مقالات');
    await screenshot(page, 'blog-ar.png', { fullPage: true });

    await page.goto(`/blog/${KPI_SLUG}`);
    await page.getByRole('heading', { level: 1, name: 'مؤشرات أداء المستودعات والتوصيل التي ينبغي لكل فريق عمليات متابعتها' }).waitFor();
    await expect(page.getByTestId('article-reading-time').first().textContent()).resolves.toBe('10 دقائق للقراءة');
    await expect(page.getByTestId('article-date').first().textContent()).resolves.toMatch(/أكتوبر/);
    await screenshot(page, 'article-ar.png', { fullPage: true });
    expect(errors).toEqual([]);
  });
});
