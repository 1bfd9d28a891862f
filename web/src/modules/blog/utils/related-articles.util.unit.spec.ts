import { describe, expect, it } from 'vitest';
import { articlesFor } from '../content/blog-content.ts';
import type { Article } from '../content/article.types.ts';
import { relatedArticles } from './related-articles.util.ts';

const en = articlesFor('en');
const article = (id: string) => en.find((a) => a.id === id)!;

function make(id: string, patch: Partial<Article>): Article {
  return { ...article('article-1'), id, slug: id, ...patch };
}

describe('relatedArticles', () => {
  it('never includes the article itself; most shared tags first, then the newest', () => {
    expect(relatedArticles(article('article-1'), en).map((a) => a.id)).toEqual(['article-2', 'article-3']);
    // Article 3 shares one tag with each: the newer one first.
    expect(relatedArticles(article('article-3'), en).map((a) => a.id)).toEqual(['article-2', 'article-1']);
  });

  it('takes articles of the same category or sharing a tag, not unrelated ones', () => {
    const base = make('base', { category: 'operations', tags: ['warehouse'] });
    const sameCategory = make('same-category', { category: 'operations', tags: ['api'] });
    const sharedTag = make('shared-tag', { category: 'technology', tags: ['warehouse'] });
    const unrelated = make('unrelated', { category: 'technology', tags: ['api'] });
    expect(relatedArticles(base, [base, unrelated, sameCategory, sharedTag]).map((a) => a.id)).toEqual(['shared-tag', 'same-category']);
  });

  it('caps at 3', () => {
    const base = make('base', { tags: ['orders'] });
    const others = ['a', 'b', 'c', 'd', 'e'].map((id) => make(id, { tags: ['orders'] }));
    expect(relatedArticles(base, [base, ...others])).toHaveLength(3);
  });
});
