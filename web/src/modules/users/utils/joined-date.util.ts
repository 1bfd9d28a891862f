const formats = new Map<string, Intl.DateTimeFormat>();

/** "21 Nov 2026" in the reader's language (the account's creation date, in the reader's time zone). */
export function formatJoinedDate(iso: string, locale: string): string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    formats.set(locale, format);
  }
  return format.format(new Date(iso));
}
