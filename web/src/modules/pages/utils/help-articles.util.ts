/** The Help Center's categories (with the spec's article counts) and its searchable articles. */
export type HelpCategoryKey = 'gettingStarted' | 'account' | 'orders' | 'integrations';
export const HELP_CATEGORIES: readonly { key: HelpCategoryKey; articles: number }[] = [
  { key: 'gettingStarted', articles: 5 },
  { key: 'account', articles: 12 },
  { key: 'orders', articles: 8 },
  { key: 'integrations', articles: 20 },
];

export type HelpArticleKey = 'startTrial' | 'addUsers' | 'trackOrder' | 'resetPassword' | 'bookDemo' | 'warehouse' | 'invoices' | 'api';
export const HELP_ARTICLES: readonly { key: HelpArticleKey; category: HelpCategoryKey; popular: boolean }[] = [
  { key: 'startTrial', category: 'gettingStarted', popular: true },
  { key: 'addUsers', category: 'account', popular: true },
  { key: 'trackOrder', category: 'orders', popular: true },
  { key: 'resetPassword', category: 'account', popular: true },
  { key: 'bookDemo', category: 'gettingStarted', popular: true },
  { key: 'warehouse', category: 'orders', popular: false },
  { key: 'invoices', category: 'account', popular: false },
  { key: 'api', category: 'integrations', popular: false },
];

/** Lower-case, accents and Arabic diacritics removed, so "securite" finds "Sécurité" and unvowelled Arabic matches. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670]/g, '')
    .toLocaleLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The articles whose title, text or category name contain every word of the query (any order). An empty query
 * returns the popular ones.
 */
export function searchHelpArticles<T extends { popular: boolean }>(articles: readonly T[], query: string, textOf: (article: T) => string): T[] {
  const words = normalizeSearchText(query).split(' ').filter(Boolean);
  if (words.length === 0) return articles.filter((a) => a.popular);
  return articles.filter((article) => {
    const haystack = normalizeSearchText(textOf(article));
    return words.every((word) => haystack.includes(word));
  });
}
