import type { BlogCategory } from '../content/article.types.ts';

/** The i18n key (`LL.blog.categories[...]`) of each category. */
export const CATEGORY_LABEL_KEY = {
  'business-strategy': 'businessStrategy',
  technology: 'technology',
  operations: 'operations',
} as const satisfies Record<BlogCategory, string>;

const formats = new Map<string, Intl.DateTimeFormat>();

/** A calendar date (YYYY-MM-DD) written out in the visitor's language, the same day in every time zone. */
export function formatArticleDate(isoDate: string, locale: string): string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
    formats.set(locale, format);
  }
  return format.format(new Date(`${isoDate}T00:00:00Z`));
}
