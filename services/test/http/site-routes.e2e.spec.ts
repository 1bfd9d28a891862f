/**
 * The server and the web app agree on which pages exist: known routes (contracts' site-routes) answer 200
 * with the app, anything else the app's 404 page with HTTP 404; API paths are never served the app.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_AREA_PATHS, BLOG_ARTICLE_SLUGS, PRIVATE_PAGES, PUBLIC_PAGES } from '@crm/contracts';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';

const WEB_DIST = path.resolve(import.meta.dirname, '../../../web/dist');

describe('site routes over HTTP', () => {
  let app: TestApp;
  beforeAll(async () => {
    // npm test builds the web app before the tests run.
    if (!existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('web/dist is missing: run `npm run build` first');
    app = await startTestApp();
  });
  afterAll(async () => app?.stop());

  it('serves every known page with 200 and the app', async () => {
    for (const page of [...PUBLIC_PAGES, ...PRIVATE_PAGES, '/blog/some-article', '/about/', '/contact?x=1']) {
      const res = await fetch(`${app.baseUrl}${page}`);
      expect(res.status, page).toBe(200);
      expect(await res.text(), page).toContain('<div id="root">');
    }
  });

  it('serves every admin area, its records\' deep links and its reloads with 200 and the app', async () => {
    const deepLinks = ['/admin/customers/3f0c6a52-8a4e-4c1b-9d7e-1a2b3c4d5e6f', '/admin/pipeline/deals/42', '/admin/users/'];
    for (const page of [...ADMIN_AREA_PATHS, ...deepLinks]) {
      const res = await fetch(`${app.baseUrl}${page}`);
      expect(res.status, page).toBe(200);
      expect(await res.text(), page).toContain('<div id="root">');
    }
  });

  it('answers unknown paths with HTTP 404 and the app (which shows its 404 page)', async () => {
    for (const page of ['/nope', '/blog/a/b', '/admin/unknown', '/admin/nope/deeper', '/admin/customersx', '/about-us']) {
      const res = await fetch(`${app.baseUrl}${page}`);
      expect(res.status, page).toBe(404);
      expect(await res.text(), page).toContain('<div id="root">');
    }
  });

  it('never serves the app for unknown API paths or assets', async () => {
    expect((await fetch(`${app.baseUrl}/api/nope`)).status).toBe(404);
    expect((await fetch(`${app.baseUrl}/assets/nope.js`)).status).toBe(404);
    const res = await fetch(`${app.baseUrl}/api/nope`);
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  it('serves robots.txt and a sitemap of the public pages and articles, with absolute URLs from the configured base, not the Host header', async () => {
    const robots = await fetch(`${app.baseUrl}/robots.txt`, { headers: { host: 'evil.example' } });
    expect(robots.status).toBe(200);
    const robotsText = await robots.text();
    expect(robotsText).toContain('Disallow: /admin');
    expect(robotsText).toContain(`Sitemap: ${app.baseUrl}/sitemap.xml`);
    const sitemap = await fetch(`${app.baseUrl}/sitemap.xml`, { headers: { host: 'evil.example' } });
    expect(sitemap.headers.get('content-type')).toContain('application/xml');
    const xml = await sitemap.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain(`${app.baseUrl}/`);
    expect(locs).toContain(`${app.baseUrl}/blog`);
    expect(locs).toContain(`${app.baseUrl}/privacy`);
    for (const slug of BLOG_ARTICLE_SLUGS) expect(locs).toContain(`${app.baseUrl}/blog/${slug}`);
    expect(locs.some((l) => l?.includes('/admin'))).toBe(false);
    expect(xml).not.toContain('evil.example');
  });

  it('serves the built JavaScript precompressed (brotli or gzip per Accept-Encoding)', async () => {
    const html = await (await fetch(`${app.baseUrl}/`)).text();
    const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const br = await fetch(`${app.baseUrl}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    const gz = await fetch(`${app.baseUrl}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect((await gz.text()).length).toBeGreaterThan(1000); // fetch decodes it: real JavaScript
  });
});
