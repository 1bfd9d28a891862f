import { describe, expect, it } from 'vitest';
import { HELP_ARTICLES, HELP_CATEGORIES, normalizeSearchText, searchHelpArticles } from './help-articles.util.ts';

const texts: Record<string, string> = {
  startTrial: 'How do I start my free trial? No credit card.',
  addUsers: 'How do I add users to my team?',
  trackOrder: 'How do I track an order?',
  resetPassword: 'I forgot my password',
  bookDemo: 'How do I book a demo?',
  warehouse: 'Managing stock across warehouses — Sécurité',
  invoices: 'Where do I find my invoices?',
  api: 'Getting an API key',
};
const textOf = (a: { key: string }) => texts[a.key]!;

describe('help search', () => {
  it('has the spec counts and five popular articles', () => {
    expect(HELP_CATEGORIES.map((c) => c.articles)).toEqual([5, 12, 8, 20]);
    expect(searchHelpArticles(HELP_ARTICLES, '', textOf).map((a) => a.key)).toEqual(['startTrial', 'addUsers', 'trackOrder', 'resetPassword', 'bookDemo']);
  });

  it('finds articles by every word, case and accent insensitive, including non-popular ones', () => {
    expect(searchHelpArticles(HELP_ARTICLES, 'PASSWORD', textOf).map((a) => a.key)).toEqual(['resetPassword']);
    expect(searchHelpArticles(HELP_ARTICLES, 'how  order', textOf).map((a) => a.key)).toEqual(['trackOrder']);
    expect(searchHelpArticles(HELP_ARTICLES, 'securite', textOf).map((a) => a.key)).toEqual(['warehouse']);
    expect(searchHelpArticles(HELP_ARTICLES, 'api key', textOf).map((a) => a.key)).toEqual(['api']);
    expect(searchHelpArticles(HELP_ARTICLES, 'nothing like this', textOf)).toEqual([]);
  });

  it('ignores Arabic diacritics', () => {
    expect(normalizeSearchText('مُقَالٌ')).toBe(normalizeSearchText('مقال'));
  });
});
