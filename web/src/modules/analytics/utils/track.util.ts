/**
 * First-party usage analytics. `track(name, props)` queues an event only while the visitor's analytics consent
 * is on (localStorage `cookiePreferences`); the queue goes to `POST /api/analytics/events` in batches of at most
 * 50 every few seconds, and with `navigator.sendBeacon` when the page is hidden or left. Withdrawing consent
 * drops whatever is still queued. Never throws: analytics must not break a page.
 *
 * Names are snake_case (`page_view`, `start_trial`, `nav_trial_mobile`, `contact_submit`); props are a flat
 * record of strings, numbers and booleans (no personal data: send flags such as `hasEmail`, not the e-mail).
 */
import { hasAnalyticsConsent, subscribeCookiePreferences } from '../../consent/utils/cookie-preferences.util.ts';

export type AnalyticsProps = Record<string, string | number | boolean | null | undefined>;

export interface QueuedAnalyticsEvent {
  name: string;
  props: Record<string, string | number | boolean>;
  path: string;
  at: string;
  sessionId: string;
}

export const ANALYTICS_ENDPOINT = '/api/analytics/events';
export const ANALYTICS_BATCH_SIZE = 50;
export const ANALYTICS_FLUSH_INTERVAL_MS = 4000;
/** Queue ceiling while the endpoint is unreachable: the oldest events are dropped beyond it. */
const MAX_QUEUE = 500;
const NAME = /^[a-z][a-z0-9_]{0,63}$/;
const PROP_KEY = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
const SESSION_KEY = 'analyticsSessionId';

let queue: QueuedAnalyticsEvent[] = [];
let timer: ReturnType<typeof setInterval> | null = null;
let installed = false;
let memorySessionId: string | null = null;

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
}

/** A random id per browser tab (sessionStorage): groups one visit's events, identifies no one. */
function sessionId(): string {
  try {
    const existing = window.sessionStorage.getItem(SESSION_KEY);
    if (existing) return existing;
    const id = randomId();
    window.sessionStorage.setItem(SESSION_KEY, id);
    return id;
  } catch {
    memorySessionId ??= randomId();
    return memorySessionId;
  }
}

function cleanProps(props: AnalyticsProps): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(props)) {
    if (!PROP_KEY.test(key) || value === null || value === undefined) continue;
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    out[key] = typeof value === 'string' ? value.slice(0, 200) : value;
    if (Object.keys(out).length >= 20) break;
  }
  return out;
}

function body(events: QueuedAnalyticsEvent[]) {
  return JSON.stringify({ events });
}

function takeBatch(): QueuedAnalyticsEvent[] {
  const batch = queue.slice(0, ANALYTICS_BATCH_SIZE);
  queue = queue.slice(batch.length);
  return batch;
}

/** Sends everything queued now (fetch, batches of 50). Returns when the requests have settled. */
export async function flushAnalytics(): Promise<void> {
  const sends: Promise<unknown>[] = [];
  while (queue.length > 0) {
    const batch = takeBatch();
    sends.push(
      fetch(ANALYTICS_ENDPOINT, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(batch), keepalive: true, credentials: 'same-origin' }).catch(() => undefined),
    );
  }
  await Promise.all(sends);
}

/** The page is going away: hand the queue to the browser (sendBeacon survives unload; text/plain, no preflight). */
function flushWithBeacon() {
  while (queue.length > 0) {
    const batch = takeBatch();
    const sent = typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(ANALYTICS_ENDPOINT, body(batch));
    if (!sent) void fetch(ANALYTICS_ENDPOINT, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(batch), keepalive: true }).catch(() => undefined);
  }
}

function install() {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('pagehide', flushWithBeacon);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushWithBeacon();
  });
  subscribeCookiePreferences(() => {
    if (!hasAnalyticsConsent()) queue = [];
  });
  timer = setInterval(() => {
    if (queue.length > 0) void flushAnalytics();
  }, ANALYTICS_FLUSH_INTERVAL_MS);
}

/** Records a usage event if (and only if) the visitor allowed analytics. */
export function track(name: string, props: AnalyticsProps = {}): void {
  try {
    if (typeof window === 'undefined' || !hasAnalyticsConsent()) return;
    // The server refuses a whole batch for one bad name: drop it here instead.
    if (!NAME.test(name)) return;
    install();
    queue.push({ name, props: cleanProps(props), path: window.location.pathname.slice(0, 300) || '/', at: new Date().toISOString(), sessionId: sessionId() });
    if (queue.length > MAX_QUEUE) queue = queue.slice(queue.length - MAX_QUEUE);
    if (queue.length >= ANALYTICS_BATCH_SIZE) void flushAnalytics();
  } catch {
    // never break the page for analytics
  }
}

/** For tests: what is waiting to be sent. */
export function pendingAnalyticsEvents(): readonly QueuedAnalyticsEvent[] {
  return queue;
}

/** For tests: forget the queue and stop the timer. */
export function resetAnalyticsForTests() {
  queue = [];
  if (timer) clearInterval(timer);
  timer = null;
  installed = false;
}
