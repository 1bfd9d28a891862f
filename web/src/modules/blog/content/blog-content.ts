import type { Locales } from '../../../i18n/i18n-types.ts';
import { ARTICLE_FACTS } from './article-facts.ts';
import type { Article, BlogContent, BlogTag } from './article.types.ts';
import ar from './articles.ar.ts';
import en from './articles.en.ts';
import fr from './articles.fr.ts';

const CONTENT: Readonly<Record<Locales, BlogContent>> = { en, ar, fr };

function build(content: BlogContent): readonly Article[] {
  return ARTICLE_FACTS.map((facts) => {
    const text = content.articles[facts.id];
    if (!text) throw new Error(`blog: no text for ${facts.id}`);
    return {
      id: facts.id,
      slug: facts.slug,
      title: text.title,
      excerpt: text.excerpt,
      content: text.content,
      author: { name: text.author.name, avatar: facts.avatar, bio: text.author.bio },
      publishedAt: facts.publishedAt,
      updatedAt: facts.updatedAt,
      readingTime: facts.readingTime,
      tags: facts.tags,
      category: facts.category,
      image: { url: facts.imageUrl, alt: text.imageAlt },
      seo: text.seo,
      featured: facts.featured,
      status: facts.status,
    };
  });
}

const cache = new Map<Locales, readonly Article[]>();

/** The published articles in a language, newest first. */
export function articlesFor(locale: Locales): readonly Article[] {
  let articles = cache.get(locale);
  if (!articles) {
    articles = build(CONTENT[locale])
      .filter((a) => a.status === 'published')
      .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
    cache.set(locale, articles);
  }
  return articles;
}

export function tagLabelsFor(locale: Locales): Readonly<Record<BlogTag, string>> {
  return CONTENT[locale].tagLabels;
}

/** Every built-in article's slug (the sitemap lists the same ones). */
export const ARTICLE_SLUGS: readonly string[] = ARTICLE_FACTS.map((a) => a.slug);
