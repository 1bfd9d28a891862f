import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveCookiePreferences } from '../../consent/utils/cookie-preferences.util.ts';
import { pageName } from './page-name.util.ts';
import { ANALYTICS_ENDPOINT, flushAnalytics, pendingAnalyticsEvents, resetAnalyticsForTests, track } from './track.util.ts';

/** A minimal browser around the util: storage, location, event listeners; the network is recorded. */
class MemoryStorage {
  private map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

let posts: { url: string; body: string; via: 'fetch' | 'beacon'; contentType?: string }[];
let windowListeners: Record<string, (() => void)[]>;
let documentState: { visibilityState: string; listeners: Record<string, (() => void)[]> };

beforeEach(() => {
  resetAnalyticsForTests();
  posts = [];
  windowListeners = {};
  documentState = { visibilityState: 'visible', listeners: {} };
  const on = (bag: Record<string, (() => void)[]>) => (type: string, fn: () => void) => (bag[type] ??= []).push(fn);
  vi.stubGlobal('window', {
    localStorage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
    location: { pathname: '/about' },
    addEventListener: on(windowListeners),
    removeEventListener: () => {},
  });
  vi.stubGlobal('document', {
    get visibilityState() {
      return documentState.visibilityState;
    },
    addEventListener: on(documentState.listeners),
  });
  vi.stubGlobal('navigator', {
    sendBeacon: (url: string, body: string) => {
      posts.push({ url, body, via: 'beacon' });
      return true;
    },
  });
  vi.stubGlobal('fetch', async (url: string, init: { body: string; headers: Record<string, string> }) => {
    posts.push({ url, body: init.body, via: 'fetch', contentType: init.headers['content-type'] });
    return new Response(null, { status: 204 });
  });
});

afterEach(() => {
  resetAnalyticsForTests();
  vi.unstubAllGlobals();
});

const sentEvents = () => posts.flatMap((p) => (JSON.parse(p.body) as { events: { name: string }[] }).events);

describe('track', () => {
  it('sends nothing before the visitor chose (no cookiePreferences saved)', async () => {
    track('page_view', { page: 'about' });
    expect(pendingAnalyticsEvents()).toHaveLength(0);
    await flushAnalytics();
    expect(posts).toEqual([]);
  });

  it('sends nothing when analytics consent is off', async () => {
    saveCookiePreferences({ analytics: false, marketing: true, functional: true });
    track('start_trial', { source: 'navigation_desktop' });
    await flushAnalytics();
    windowListeners.pagehide?.forEach((fn) => fn());
    expect(posts).toEqual([]);
  });

  it('queues with consent and flushes batches of at most 50 to the first-party endpoint', async () => {
    saveCookiePreferences({ analytics: true, marketing: false, functional: true });
    for (let i = 0; i < 120; i++) track('page_view', { page: 'about', i });
    // Reaching 50 flushes at once; what remains waits for the timer or a flush.
    await flushAnalytics();
    expect(posts.every((p) => p.url === ANALYTICS_ENDPOINT && p.via === 'fetch' && p.contentType === 'application/json')).toBe(true);
    const sizes = posts.map((p) => (JSON.parse(p.body) as { events: unknown[] }).events.length);
    expect(sizes.every((n) => n <= 50)).toBe(true);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(120);
    const [first] = sentEvents() as unknown as { name: string; props: Record<string, unknown>; path: string; at: string; sessionId: string }[];
    expect(first).toMatchObject({ name: 'page_view', props: { page: 'about', i: 0 }, path: '/about' });
    expect(first!.sessionId).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(Number.isNaN(Date.parse(first!.at))).toBe(false);
  });

  it('hands the queue to sendBeacon when the page is hidden', () => {
    saveCookiePreferences({ analytics: true, marketing: false, functional: false });
    track('nav_trial_mobile');
    documentState.visibilityState = 'hidden';
    documentState.listeners.visibilitychange?.forEach((fn) => fn());
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ via: 'beacon', url: ANALYTICS_ENDPOINT });
    expect(sentEvents()).toMatchObject([{ name: 'nav_trial_mobile', props: {} }]);
  });

  it('drops what is queued when consent is withdrawn', async () => {
    saveCookiePreferences({ analytics: true, marketing: false, functional: false });
    track('page_view', { page: 'home' });
    expect(pendingAnalyticsEvents()).toHaveLength(1);
    saveCookiePreferences({ analytics: false, marketing: false, functional: false });
    await flushAnalytics();
    expect(posts).toEqual([]);
  });

  it('keeps names and props within what the server accepts', async () => {
    saveCookiePreferences({ analytics: true, marketing: false, functional: false });
    track('Not A Name');
    track('contact_submit', { subject: 'sales', hasName: true, hasEmail: false, missing: undefined, empty: null, nan: Number.NaN, 'bad key': 1, long: 'x'.repeat(500) });
    await flushAnalytics();
    expect(sentEvents()).toEqual([expect.objectContaining({ name: 'contact_submit', props: { subject: 'sales', hasName: true, hasEmail: false, long: 'x'.repeat(200) } })]);
  });
});

describe('pageName', () => {
  it('is home for / and the path without the leading slash otherwise', () => {
    expect(pageName('/')).toBe('home');
    expect(pageName('/about')).toBe('about');
    expect(pageName('/blog/some-article')).toBe('blog/some-article');
    expect(pageName('/help?q=x')).toBe('help');
  });
});
