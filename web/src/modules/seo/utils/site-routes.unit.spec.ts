import { describe, expect, it } from 'vitest';
import { BLOG_ARTICLE_SLUGS, isKnownRoute } from '@crm/contracts';
import { ARTICLE_FACTS } from '../../blog/content/article-facts.ts';

describe('site routes', () => {
  it('lists exactly the built-in articles for the sitemap', () => {
    expect([...BLOG_ARTICLE_SLUGS].sort()).toEqual(ARTICLE_FACTS.map((a) => a.slug).sort());
  });

  it('knows the pages and nothing else', () => {
    expect(isKnownRoute('/')).toBe(true);
    expect(isKnownRoute('/blog/anything')).toBe(true);
    expect(isKnownRoute('/contact/')).toBe(true);
    expect(isKnownRoute('/admin/reset-password')).toBe(true);
    expect(isKnownRoute('/nope')).toBe(false);
    expect(isKnownRoute('/blog/a/b')).toBe(false);
  });
});
