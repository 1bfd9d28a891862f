import type { FastifyInstance } from 'fastify';
import { BLOG_ARTICLE_SLUGS, PUBLIC_PAGES } from '@crm/contracts';

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The sitemap's paths: every public page and every blog article (never the admin or account pages). */
export function sitemapPaths(): string[] {
  return [...PUBLIC_PAGES.filter((p) => p !== '/register'), ...BLOG_ARTICLE_SLUGS.map((slug) => `/blog/${slug}`)];
}

/**
 * `robots.txt` and `sitemap.xml` for search engines. Absolute URLs come from PUBLIC_URL (or the server's own
 * address), never from the request's Host header, so a forged Host cannot poison what crawlers read.
 */
export function registerSeoRoutes(app: FastifyInstance, publicUrl: () => string) {
  app.get('/robots.txt', async (_request, reply) => {
    const base = publicUrl().replace(/\/+$/, '');
    const lines = ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', 'Disallow: /trpc/', 'Disallow: /newsletter/', '', `Sitemap: ${base}/sitemap.xml`, ''];
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const base = publicUrl().replace(/\/+$/, '');
    const urls = sitemapPaths().map((path) => `  <url><loc>${escapeXml(base + path)}</loc></url>`);
    const xml = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
  });
}
