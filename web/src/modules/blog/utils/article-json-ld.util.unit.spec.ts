import { describe, expect, it } from 'vitest';
import { articlesFor } from '../content/blog-content.ts';
import { articleJsonLd } from './article-json-ld.util.ts';

describe('articleJsonLd', () => {
  it('describes the article as schema.org Article data with absolute URLs', () => {
    const article = articlesFor('en').find((a) => a.id === 'article-2')!;
    const data = articleJsonLd(article, 'https://crm.example.com', 'en', 'Nexa CRM');
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: article.title,
      description: article.seo.metaDescription,
      datePublished: '2026-10-06',
      dateModified: '2026-10-20',
      author: { '@type': 'Person', name: 'Karim Benali' },
      image: 'https://crm.example.com/blog/automation.svg',
      keywords: article.seo.keywords.join(', '),
      url: `https://crm.example.com/blog/${article.slug}`,
      inLanguage: 'en',
    });
  });
});
