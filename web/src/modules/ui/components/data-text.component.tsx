import type { ReactNode } from 'react';

/**
 * Data inside the page's text (names, e-mails, companies, titles, amounts): isolated in its own direction, so a
 * Latin name in the Arabic layout reads "Outfitters Inc." and not ".Outfitters Inc", and an Arabic name in an
 * English table stays whole. `<bdi>` keeps the surrounding cell's alignment (unlike `dir="auto"` on the cell).
 */
export function DataText({ children }: { children: ReactNode }) {
  return <bdi>{children}</bdi>;
}
