import type { Article } from '../content/article.types.ts';

/** Spec 01 §9: an article shows at most 3 related articles. */
export const MAX_RELATED = 3;

/**
 * Articles in the same category or sharing a tag, never the article itself: the most shared tags first, then
 * the same category, then the newest; at most `limit`.
 */
export function relatedArticles(article: Article, all: readonly Article[], limit = MAX_RELATED): Article[] {
  return all
    .filter((other) => other.id !== article.id)
    .map((other) => ({
      other,
      sharedTags: other.tags.filter((tag) => article.tags.includes(tag)).length,
      sameCategory: other.category === article.category ? 1 : 0,
    }))
    .filter((entry) => entry.sharedTags > 0 || entry.sameCategory > 0)
    .sort(
      (a, b) =>
        b.sharedTags - a.sharedTags || b.sameCategory - a.sameCategory || b.other.publishedAt.localeCompare(a.other.publishedAt),
    )
    .slice(0, limit)
    .map((entry) => entry.other);
}
