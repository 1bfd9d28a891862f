/**
 * Guard of the public POST endpoints (bookings, register, forgot/reset password, invitation accept, contact): refuses blocked
 * addresses (403) and rate limits per address (429 with Retry-After). This file holds the transport-free part
 * (the rate limiter and which group a request belongs to); the Fastify onRequest hook that refuses requests is
 * public-post-guard.hook.ts. Login is not here: the login service
 * checks blocks itself (it records every attempt) and throttles failures with growing delays.
 *
 * Rate limiting is a fixed-window counter per (endpoint group, address) in PostgreSQL, one upsert per
 * request. Chosen over @fastify/rate-limit's in-memory store because the counters must be shared by every
 * API process of the scaled topology and work on the default deployment, which has no Redis (PostgreSQL is
 * always there, embedded or external); and a test app's counters live in its own database. A window's
 * count can exceed the limit by the requests that race at its very start: acceptable for spam control.
 */
import type pg from 'pg';

export type RateLimitBucket = 'bookings' | 'register' | 'password_reset' | 'contact' | 'analytics' | 'newsletter' | 'invitation' | 'forms' | 'form_views';

export interface RateLimitOptions {
  /** Requests allowed per address and group in one window; 0 turns rate limiting off. */
  max: number;
  windowMs: number;
}

export interface RateLimiter {
  hit(bucket: RateLimitBucket, key: string, now: Date): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
}

/**
 * Buckets allowed more than the public limit per window. `analytics`: one page of the site batches its usage
 * events every few seconds while the visitor reads (plus a beacon on page hide), so the public limit (meant
 * for forms: 20 per 10 minutes by default) would drop a normal visitor's events; 30x (600 per 10 minutes, one
 * request a second) still stops a flood, and every batch is capped at 50 small events by its schema.
 * `form_views`: one per lead form shown (an embed on a busy page behind one NAT address), 10x.
 */
const BUCKET_SCALE: Partial<Record<RateLimitBucket, number>> = { analytics: 30, form_views: 10 };

export function createRateLimiter(pool: pg.Pool, options: RateLimitOptions): RateLimiter {
  let lastPrune = 0;
  return {
    async hit(bucket, key, now) {
      if (options.max <= 0) return { allowed: true };
      const max = options.max * (BUCKET_SCALE[bucket] ?? 1);
      const start = Math.floor(now.getTime() / options.windowMs) * options.windowMs;
      const { rows } = await pool.query<{ hits: number }>(
        `INSERT INTO rate_limit_hit (bucket, key, window_start, hits) VALUES ($1, $2, $3, 1)
         ON CONFLICT (bucket, key, window_start) DO UPDATE SET hits = rate_limit_hit.hits + 1
         RETURNING hits`,
        [bucket, key, new Date(start)],
      );
      if (now.getTime() - lastPrune > options.windowMs) {
        lastPrune = now.getTime();
        void pool.query('DELETE FROM rate_limit_hit WHERE window_start < $1', [new Date(start - options.windowMs)]).catch(() => {});
      }
      if (rows[0]!.hits <= max) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((start + options.windowMs - now.getTime()) / 1000)) };
    },
  };
}

/** tRPC procedures that are public POSTs, by group (login is guarded by the login service). */
const TRPC_BUCKETS: Record<string, RateLimitBucket> = {
  'bookings.request': 'bookings',
  'auth.register': 'register',
  'auth.requestPasswordReset': 'password_reset',
  'auth.resetPassword': 'password_reset',
  'auth.acceptInvitation': 'invitation',
  'newsletter.subscribe': 'newsletter',
  'newsletter.confirm': 'newsletter',
};

const REST_BUCKETS: Record<string, RateLimitBucket> = {
  '/api/bookings': 'bookings',
  '/api/auth/register': 'register',
  '/api/admin/password-reset': 'password_reset',
  '/api/auth/invitation/accept': 'invitation',
  '/api/contact': 'contact',
  '/api/newsletter/subscribe': 'newsletter',
  '/api/newsletter/confirm': 'newsletter',
  '/api/analytics/events': 'analytics',
};

/** The public lead forms (issue 16): `POST /api/forms/<slug>/submissions` (`forms`) and `/views` (`form_views`). */
function formBucket(path: string): RateLimitBucket | undefined {
  const match = /^\/api\/forms\/[^/]+\/(submissions|views)\/?$/.exec(path);
  return match ? (match[1] === 'submissions' ? 'forms' : 'form_views') : undefined;
}

/** The groups a POST belongs to: a batched tRPC call (`/trpc/a,b?batch=1`) counts once per group. */
export function publicPostBuckets(method: string, url: string): { buckets: RateLimitBucket[]; trpc: { procedures: string[]; batch: boolean } | null } {
  if (method !== 'POST') return { buckets: [], trpc: null };
  const [path = '', query = ''] = url.split('?', 2);
  if (path.startsWith('/trpc/')) {
    let procedures: string[];
    try {
      procedures = decodeURIComponent(path.slice('/trpc/'.length)).split(',');
    } catch {
      return { buckets: [], trpc: null };
    }
    const buckets = new Set<RateLimitBucket>();
    for (const name of procedures) {
      const bucket = TRPC_BUCKETS[name] ?? (name.startsWith('contact.') ? 'contact' : undefined);
      if (bucket) buckets.add(bucket);
    }
    return { buckets: [...buckets], trpc: { procedures, batch: new URLSearchParams(query).get('batch') === '1' } };
  }
  const bucket = REST_BUCKETS[path.replace(/\/+$/, '')] ?? formBucket(path);
  return { buckets: bucket ? [bucket] : [], trpc: null };
}
