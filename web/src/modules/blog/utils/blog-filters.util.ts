import { BLOG_CATEGORIES, BLOG_TAGS, type Article, type BlogCategory, type BlogTag } from '../content/article.types.ts';

/** Spec 01 §9: the topic buttons show at most 8 tags, the Featured section at most 2 articles. */
export const MAX_TOPIC_TAGS = 8;
export const MAX_FEATURED = 2;

export interface BlogFilters {
  query: string;
  category: BlogCategory | 'all';
  tag: BlogTag | 'all';
}

export const NO_FILTERS: BlogFilters = { query: '', category: 'all', tag: 'all' };

/** Lower case without diacritics (é → e, Arabic short vowels dropped), spaces collapsed: for matching only. */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\u0640/g, '') // Arabic tatweel
    .toLocaleLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export function hasActiveFilters(filters: BlogFilters): boolean {
  return filters.query.trim() !== '' || filters.category !== 'all' || filters.tag !== 'all';
}

/** Search over title and excerpt (every word must appear), then category, then tag. */
export function filterArticles(articles: readonly Article[], filters: BlogFilters): Article[] {
  const words = normalizeForSearch(filters.query).split(' ').filter(Boolean);
  return articles.filter((article) => {
    if (filters.category !== 'all' && article.category !== filters.category) return false;
    if (filters.tag !== 'all' && !article.tags.includes(filters.tag)) return false;
    if (!words.length) return true;
    const haystack = normalizeForSearch(`${article.title} ${article.excerpt}`);
    return words.every((word) => haystack.includes(word));
  });
}

/** The topic buttons: the most used tags first (ties in order of first use), at most `limit`. */
export function topicTags(articles: readonly Article[], limit = MAX_TOPIC_TAGS): BlogTag[] {
  const counts = new Map<BlogTag, number>();
  for (const article of articles) for (const tag of article.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  const order = [...counts.keys()];
  return order
    .map((tag, index) => ({ tag, index, count: counts.get(tag) ?? 0 }))
    .sort((a, b) => b.count - a.count || a.index - b.index)
    .slice(0, limit)
    .map((entry) => entry.tag);
}

export function featuredArticles(articles: readonly Article[], limit = MAX_FEATURED): Article[] {
  return articles.filter((article) => article.featured).slice(0, limit);
}

/** Filters from the address bar's query (`?q=&category=&tag=`); unknown values fall back to "all". */
export function filtersFromSearch(search: string): BlogFilters {
  const params = new URLSearchParams(search);
  const category = params.get('category');
  const tag = params.get('tag');
  return {
    query: params.get('q') ?? '',
    category: BLOG_CATEGORIES.find((c) => c === category) ?? 'all',
    tag: BLOG_TAGS.find((t) => t === tag) ?? 'all',
  };
}

/** The query string for some filters (empty when none is active), without the leading `?`. */
export function filtersToSearch(filters: BlogFilters): string {
  const params = new URLSearchParams();
  if (filters.query) params.set('q', filters.query);
  if (filters.category !== 'all') params.set('category', filters.category);
  if (filters.tag !== 'all') params.set('tag', filters.tag);
  return params.toString();
}
