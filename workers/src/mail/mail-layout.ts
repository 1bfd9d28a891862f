/**
 * The plain layout every rendered mail shares: HTML escaping, and a text + HTML body made of paragraphs with
 * an optional button link, in the reader's language and direction. Pure.
 */
import type { Locale } from '@crm/contracts';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One paragraph per entry; `link` (if any) is a button in HTML and a bare line in text, followed by `after`. */
export function composeMail(
  locale: Locale,
  t: { dir: 'ltr' | 'rtl'; signature: string },
  paragraphs: string[],
  link: { url: string; label: string; after: string[] } | null,
): { text: string; html: string } {
  const after = link?.after ?? [];
  const text = [...paragraphs.flatMap((p) => [p, '']), ...(link ? [link.url, ''] : []), ...after.flatMap((p) => [p, '']), t.signature, ''].join('\n');
  const html = [
    `<!doctype html><html lang="${locale}" dir="${t.dir}"><body style="font-family:sans-serif">`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link
      ? [
          `<p><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(link.label)}</a></p>`,
          `<p dir="ltr" style="font-size:12px;word-break:break-all"><bdi>${escapeHtml(link.url)}</bdi></p>`,
        ]
      : []),
    ...after.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p>${escapeHtml(t.signature)}</p>`,
    '</body></html>',
  ].join('\n');
  return { text, html };
}
