/** Newsletter constants shared by the server and the web (no zod here: the footer's chunk stays small). */

/** Where a subscription was asked for (the blog's box or the footer's). */
export const NEWSLETTER_SOURCES = ['blog', 'footer'] as const;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];

/** A confirmation link works for 48 hours. */
export const NEWSLETTER_TOKEN_TTL_MS = 48 * 3600 * 1000;
/** At most one mail per address in this window, whatever the number of requests. */
export const NEWSLETTER_RESEND_INTERVAL_MS = 5 * 60 * 1000;

/**
 * A confirmation token: `<sha256 of the lower-cased address, hex>.<32 random bytes, base64url>`. The first part
 * only names the stream (anyone who knows the address can compute it); the second is the secret (256 bits),
 * stored only as the SHA-256 of the whole token.
 */
export const NEWSLETTER_TOKEN_PATTERN = /^[0-9a-f]{64}\.[A-Za-z0-9_-]{43}$/;
