import { MARKETING_ERRORS, domainError } from '@crm/contracts';

/**
 * Which other sites may use a lead form (issue 16, "allowed origins configurable per form"). A form lists
 * origins such as `https://example.com` (`allowedOrigins`); **none listed means any site may** (the usual
 * default of lead forms: the snippet works wherever it is pasted). Requests from our own site, and requests
 * without an `Origin` header (our hosted page's GETs, servers, curl), always pass.
 *
 * Used in two places:
 * - the public REST endpoints (`GET /api/forms/:slug`, `POST /api/forms/:slug/views|submissions`, M2's
 *   public-forms.routes.ts) call `answerFormCors` once they know the form: an allowed other origin gets the
 *   CORS headers, a refused one 403 `form_origin_not_allowed`;
 * - the embed page `/f/<slug>?embed=1` is sent with `frame-ancestors` from `frameAncestors` (embed.routes.ts),
 *   so a browser shows the iframe only on the allowed sites; embed.routes.ts also answers the CORS preflight.
 */

/** Whether a request from `origin` may use a form that lists `allowedOrigins` (`ownHost`: our Host header). */
export function originAllowed(allowedOrigins: readonly string[], origin: string | null | undefined, ownHost: string | null | undefined): boolean {
  if (!origin) return true;
  if (isOwnOrigin(origin, ownHost)) return true;
  if (allowedOrigins.length === 0) return true;
  const normalized = origin.toLowerCase().replace(/\/$/, '');
  return allowedOrigins.includes(normalized);
}

function isOwnOrigin(origin: string, ownHost: string | null | undefined): boolean {
  if (!ownHost) return false;
  try {
    return new URL(origin).host === ownHost.toLowerCase();
  } catch {
    return false;
  }
}

/** The CSP `frame-ancestors` value of a form's embed page: our site and its allowed origins, or any site. */
export function frameAncestors(allowedOrigins: readonly string[]): string {
  return allowedOrigins.length === 0 ? "frame-ancestors 'self' *" : `frame-ancestors 'self' ${allowedOrigins.join(' ')}`;
}

/**
 * For the public form endpoints, once the form is known: from an allowed other origin, sets
 * `Access-Control-Allow-Origin` (and `Vary: Origin`); from a refused one, throws `form_origin_not_allowed`
 * (403 through the REST route's error handling). Same-site and no-Origin requests pass without CORS headers.
 */
export function answerFormCors(
  request: { headers: { origin?: string | undefined; host?: string | undefined } },
  reply: { header(name: string, value: string): unknown },
  allowedOrigins: readonly string[],
): void {
  reply.header('vary', 'Origin');
  const origin = request.headers.origin;
  if (!origin || origin === 'null' || isOwnOrigin(origin, request.headers.host)) return;
  if (!originAllowed(allowedOrigins, origin, request.headers.host)) throw domainError(MARKETING_ERRORS.form_origin_not_allowed);
  reply.header('access-control-allow-origin', origin);
}

/** The public form endpoints other sites may call (GET the form, POST a view or a submission). */
export const PUBLIC_FORM_PATH = /^\/api\/forms\/[a-z0-9-]{1,80}(?:\/(?:views|submissions))?\/?(?:\?.*)?$/;
