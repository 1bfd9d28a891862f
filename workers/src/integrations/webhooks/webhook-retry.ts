/**
 * The Standard Webhooks retry schedule (after the immediate first attempt): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h,
 * 10 h, each with ±10 % jitter. WEBHOOK_RETRY_SCHEDULE_MS (comma-separated milliseconds, config.ts) replaces it.
 */
export const DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000] as const;

/** What the settings say about outgoing webhooks (and the Slack integration, which shares their sender). */
export interface WebhookSettings {
  /** The waits between attempts (WEBHOOK_RETRY_SCHEDULE_MS). */
  retryScheduleMs: readonly number[];
  /** Loopback and private receivers allowed (WEBHOOK_ALLOW_PRIVATE_NETWORKS=true: tests, local development). */
  allowPrivateNetworks: boolean;
}

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = { retryScheduleMs: DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS, allowPrivateNetworks: false };

/** WEBHOOK_RETRY_SCHEDULE_MS: comma-separated whole milliseconds, at least one; throws naming what is wrong. */
export function parseWebhookRetrySchedule(text: string): number[] {
  const parts = text.split(',').map((s) => s.trim());
  if (parts.some((p) => !/^\d{1,10}$/.test(p))) throw new Error('must be comma-separated whole milliseconds, e.g. 5000,300000');
  return parts.map(Number);
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
