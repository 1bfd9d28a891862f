import { describe, expect, it } from 'vitest';
import { markupToPlainText } from '../utils/markup.util.ts';
import { BLOG_CATEGORIES } from './article.types.ts';
import { ARTICLE_SLUGS, articlesFor, tagLabelsFor } from './blog-content.ts';

const LOCALES = ['en', 'ar', 'fr'] as const;

describe('built-in articles (spec 01 §3, §9)', () => {
  it('are three, two featured, reading 8, 12 and 10 minutes, one per category, all published', () => {
    const en = [...articlesFor('en')].sort((a, b) => a.id.localeCompare(b.id));
    expect(en).toHaveLength(3);
    expect(en.filter((a) => a.featured)).toHaveLength(2);
    expect(en.map((a) => a.readingTime)).toEqual([8, 12, 10]);
    expect(en.map((a) => a.category).sort()).toEqual([...BLOG_CATEGORIES].sort());
    expect(en.every((a) => a.status === 'published')).toBe(true);
    expect(new Set(ARTICLE_SLUGS).size).toBe(3);
  });

  it.each(LOCALES)('%s: every field is filled, images are local, and the text is 300 to 500 words', (locale) => {
    for (const article of articlesFor(locale)) {
      for (const text of [article.title, article.excerpt, article.author.name, article.author.bio, article.author.avatar, article.image.alt, article.seo.metaTitle, article.seo.metaDescription]) {
        expect(text.trim(), `${locale} ${article.id}`).not.toBe('');
      }
      expect(article.image.url).toMatch(/^\/blog\/[a-z-]+\.svg$/);
      expect(article.seo.keywords.length).toBeGreaterThanOrEqual(3);
      expect(article.tags.length).toBeGreaterThan(0);
      expect(article.updatedAt >= article.publishedAt).toBe(true);
      const words = markupToPlainText(article.content).split(/\s+/).filter(Boolean).length;
      expect(words, `${locale} ${article.id}: ${words} words`).toBeGreaterThanOrEqual(300);
      expect(words, `${locale} ${article.id}: ${words} words`).toBeLessThanOrEqual(500);
      expect(article.content).not.toMatch(/<[a-z]/i);
      for (const tag of article.tags) expect(tagLabelsFor(locale)[tag].trim()).not.toBe('');
    }
  });

  it('agree across languages on everything but the text', () => {
    const facts = (locale: (typeof LOCALES)[number]) =>
      articlesFor(locale).map(({ id, slug, publishedAt, updatedAt, readingTime, tags, category, featured, image }) => ({
        id,
        slug,
        publishedAt,
        updatedAt,
        readingTime,
        tags,
        category,
        featured,
        url: image.url,
      }));
    expect(facts('ar')).toEqual(facts('en'));
    expect(facts('fr')).toEqual(facts('en'));
  });
});
