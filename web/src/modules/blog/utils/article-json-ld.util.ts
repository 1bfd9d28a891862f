import type { Article } from '../content/article.types.ts';

/** schema.org Article data for an article page (JSON-LD; absolute URLs from the site's origin). */
export function articleJsonLd(article: Article, origin: string, locale: string, publisher: string): Record<string, unknown> {
  const url = new URL(`/blog/${article.slug}`, origin).toString();
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    description: article.seo.metaDescription,
    datePublished: article.publishedAt,
    dateModified: article.updatedAt,
    author: { '@type': 'Person', name: article.author.name },
    publisher: { '@type': 'Organization', name: publisher },
    image: new URL(article.image.url, origin).toString(),
    keywords: article.seo.keywords.join(', '),
    articleSection: article.category,
    inLanguage: locale,
    mainEntityOfPage: url,
    url,
  };
}
