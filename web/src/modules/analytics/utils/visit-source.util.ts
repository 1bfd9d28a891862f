/**
 * Where a visit came from, for the Marketing Analytics tab's traffic sources (issue 16): the landing page's
 * `utm_source` and the referring site's host (another site only; never the full referrer URL, which may carry
 * tokens). Decided once per tab session, on its first page view, and sent with each of its `page_view` events.
 */
const KEY = 'analyticsVisitSource';

export interface VisitSourceProps {
  utmSource?: string;
  referrer?: string;
}

const bareHost = (host: string) =>
  host
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^www\./, '');

/** The source props of a landing page (its query string), its referrer URL and our own host. */
export function visitSourceOf(search: string, referrer: string, ownHost: string): VisitSourceProps {
  const utm = new URLSearchParams(search).get('utm_source')?.trim();
  let host: string | null = null;
  try {
    host = referrer ? bareHost(new URL(referrer).host) : null;
  } catch {
    host = null;
  }
  return { ...(utm ? { utmSource: utm.slice(0, 200) } : {}), ...(host && host !== bareHost(ownHost) ? { referrer: host.slice(0, 200) } : {}) };
}

/** This tab session's source (decided on its first call from the current page, then remembered). */
export function visitSource(): VisitSourceProps {
  try {
    const saved = window.sessionStorage.getItem(KEY);
    if (saved !== null) return JSON.parse(saved) as VisitSourceProps;
  } catch {
    // sessionStorage unavailable or garbled: decide again.
  }
  const props = visitSourceOf(window.location.search, document.referrer, window.location.host);
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(props));
  } catch {
    // Not remembered: the next page view decides again.
  }
  return props;
}
