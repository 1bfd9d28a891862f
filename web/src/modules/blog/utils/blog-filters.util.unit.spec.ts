import { describe, expect, it } from 'vitest';
import { articlesFor } from '../content/blog-content.ts';
import type { Article } from '../content/article.types.ts';
import {
  featuredArticles,
  filterArticles,
  filtersFromSearch,
  filtersToSearch,
  hasActiveFilters,
  normalizeForSearch,
  NO_FILTERS,
  topicTags,
} from './blog-filters.util.ts';

const en = articlesFor('en');
const bySlug = (articles: readonly Article[]) => articles.map((a) => a.id).sort();

describe('normalizeForSearch', () => {
  it('drops case and diacritics', () => expect(normalizeForSearch('  Équipes  ENTREPÔT ')).toBe('equipes entrepot'));
  it('drops Arabic short vowels and tatweel', () => expect(normalizeForSearch('مُستـودع')).toBe('مستودع'));
});

describe('filterArticles', () => {
  it('returns everything without filters', () => expect(filterArticles(en, NO_FILTERS)).toHaveLength(3));

  it('searches title and excerpt, case-insensitively, every word', () => {
    expect(bySlug(filterArticles(en, { ...NO_FILTERS, query: 'KPIS' }))).toEqual(['article-3']);
    expect(bySlug(filterArticles(en, { ...NO_FILTERS, query: 'ORDER' }))).toEqual(['article-1', 'article-2', 'article-3']);
    expect(bySlug(filterArticles(en, { ...NO_FILTERS, query: 'fulfillment automating' }))).toEqual(['article-2']);
    expect(filterArticles(en, { ...NO_FILTERS, query: 'quantum blockchain' })).toEqual([]);
  });

  it('does not search the body', () => {
    // "stand-up" only appears in the content of article 3.
    expect(en.find((a) => a.id === 'article-3')?.content).toContain('stand-up');
    expect(filterArticles(en, { ...NO_FILTERS, query: 'stand-up' })).toEqual([]);
  });

  it('ignores diacritics (French and Arabic)', () => {
    expect(bySlug(filterArticles(articlesFor('fr'), { ...NO_FILTERS, query: 'entrepot' }))).toContain('article-3');
    expect(bySlug(filterArticles(articlesFor('ar'), { ...NO_FILTERS, query: 'المستودعات' }))).toEqual(['article-1', 'article-3']);
  });

  it('filters by category and by tag, combined with the search', () => {
    expect(bySlug(filterArticles(en, { ...NO_FILTERS, category: 'technology' }))).toEqual(['article-2']);
    expect(bySlug(filterArticles(en, { ...NO_FILTERS, tag: 'analytics' }))).toEqual(['article-2', 'article-3']);
    expect(filterArticles(en, { query: 'warehouse', category: 'technology', tag: 'all' })).toEqual([]);
  });
});

describe('topicTags', () => {
  it('caps at 8, most used first', () => {
    const tags = topicTags(en);
    expect(tags).toHaveLength(8);
    // The four tags used by two articles come first (ties: in order of first use, newest article first).
    expect(tags.slice(0, 4)).toEqual(['analytics', 'e-commerce', 'automation', 'orders']);
    expect(new Set(tags).size).toBe(8);
  });
  it('honours a smaller limit', () => expect(topicTags(en, 2)).toEqual(['analytics', 'e-commerce']));
});

describe('featuredArticles', () => {
  it('shows the 2 featured articles', () => expect(bySlug(featuredArticles(en))).toEqual(['article-1', 'article-2']));
  it('never more than 2', () => {
    const all = en.map((a) => ({ ...a, featured: true }));
    expect(featuredArticles(all)).toHaveLength(2);
  });
});

describe('filters in the address bar', () => {
  it('round-trips', () => {
    const filters = { query: 'kpi & more', category: 'operations', tag: 'warehouse' } as const;
    expect(filtersFromSearch(filtersToSearch(filters))).toEqual(filters);
  });
  it('gives an empty query for no filters', () => expect(filtersToSearch(NO_FILTERS)).toBe(''));
  it('falls back to all for unknown values', () =>
    expect(filtersFromSearch('?category=cooking&tag=<b>&q=x')).toEqual({ query: 'x', category: 'all', tag: 'all' }));
  it('knows when a filter is active', () => {
    expect(hasActiveFilters(NO_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...NO_FILTERS, query: ' ' })).toBe(false);
    expect(hasActiveFilters({ ...NO_FILTERS, tag: 'api' })).toBe(true);
  });
});
