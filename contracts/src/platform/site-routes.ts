import { domainContracts } from '../domains.ts';

/**
 * Every route of the web app (spec 01 §2). The server answers these paths with the app (200) and any other
 * path with the app's 404 page and HTTP 404; the web app's router and sitemap.xml read the same list.
 */
export const PUBLIC_PAGES = [
  '/',
  '/blog',
  '/about',
  '/careers',
  '/press',
  '/help',
  '/contact',
  '/status',
  '/security',
  '/privacy',
  '/terms',
  '/cookies',
  '/register',
] as const;

/** Routes that exist but are not for search engines (sign-in, account pages, links from mails). */
export const PRIVATE_PAGES = ['/admin', '/admin/forgot-password', '/admin/reset-password', '/newsletter/confirm', '/invite'] as const;

/**
 * The admin workspace's areas (issue 12 §3): each is a URL, and so is anything below it (a record's deep link,
 * e.g. `/admin/customers/<id>`, `/admin/pipeline/deals/<id>`); the area decides which sub-paths it shows.
 * Each domain's contract names its areas' paths (`adminPaths`); the web app's area manifests
 * (web/src/modules/admin-areas.ts) must list the same paths (a unit test checks). Other `/admin/...` paths are
 * unknown: HTTP 404 with the app, which renders its in-app not-found page.
 */
export const ADMIN_AREA_PATHS: readonly string[] = domainContracts.flatMap((contract) => ('adminPaths' in contract ? contract.adminPaths : []));

/**
 * Path patterns with parameters (`:name` is one path segment). `/f/:slug` is a lead form's hosted page (issue 16;
 * also the embed's iframe with `?embed=1`): not in the sitemap.
 */
export const PARAM_ROUTES = ['/blog/:slug', '/f/:slug'] as const;

/** Whether the web app has a page for `path` (no query string, no trailing slash except `/`). */
export function isKnownRoute(path: string): boolean {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if ((PUBLIC_PAGES as readonly string[]).includes(clean) || (PRIVATE_PAGES as readonly string[]).includes(clean)) return true;
  if (ADMIN_AREA_PATHS.some((area) => clean === area || clean.startsWith(`${area}/`))) return true;
  return PARAM_ROUTES.some((pattern) => {
    const re = new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
    return re.test(clean);
  });
}

/**
 * The built-in blog articles' slugs (their content lives in web/src/modules/blog/content; a test checks the
 * two agree). The sitemap lists them.
 */
export const BLOG_ARTICLE_SLUGS: readonly string[] = [
  'one-platform-for-orders-deliveries-warehouses',
  'automate-order-fulfillment-workflows-apis',
  'warehouse-delivery-kpis-operations-teams',
];
