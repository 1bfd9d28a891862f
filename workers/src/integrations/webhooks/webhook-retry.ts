/**
 * The Standard Webhooks retry schedule (after the immediate first attempt): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h,
 * 10 h, each with ±10 % jitter. WEBHOOK_RETRY_SCHEDULE_MS (comma-separated milliseconds) replaces it (tests).
 */
export const DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000] as const;

export function webhookRetrySchedule(env: string | undefined = process.env.WEBHOOK_RETRY_SCHEDULE_MS): number[] {
  if (!env) return [...DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS];
  const list = env.split(',').map((s) => Number(s.trim()));
  return list.every((n) => Number.isFinite(n) && n >= 0) ? list : [...DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS];
}

/** The wait before retry number `retry` (1-based), jittered; a Retry-After (ms) wins when it is longer. */
export function webhookRetryDelay(schedule: readonly number[], retry: number, retryAfterMs: number | null, random: () => number = Math.random): number {
  const base = schedule[Math.min(retry - 1, schedule.length - 1)] ?? 0;
  const jittered = Math.round(base * (0.9 + 0.2 * random()));
  return retryAfterMs !== null ? Math.max(jittered, retryAfterMs) : jittered;
}

/** Retry-After as milliseconds (seconds or an HTTP date), capped at 24 h; null when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now: number = Date.now()): number | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return null;
  const cap = 24 * 3600_000;
  if (/^\d+$/.test(v.trim())) return Math.min(Number(v.trim()) * 1000, cap);
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.min(Math.max(0, at - now), cap);
}

/** How long an endpoint may fail without a single success before it is disabled. */
export const WEBHOOK_FAILING_DISABLE_MS = 5 * 24 * 3600_000;
