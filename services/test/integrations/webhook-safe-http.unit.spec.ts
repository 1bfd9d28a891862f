/**
 * The SSRF-safe sender with the allowance off: private, loopback and link-local addresses are refused, as IP
 * literals and as names that resolve to them (`localhost`), checked at connect time; with the allowance on, a
 * loopback receiver is reached. Also the retry schedule and Retry-After.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS, isNonPublicAddress, parseRetryAfter, parseWebhookRetrySchedule, sendSafely, webhookRetryDelay } from '@crm/workers';
import { loadConfig } from '../../src/config/config.ts';

describe('sendSafely (SSRF)', () => {
  let server: http.Server;
  let port = 0;
  let hits = 0;
  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      hits += 1;
      res.end('x'.repeat(5000));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it.each(['127.0.0.1', '10.0.0.5', '172.16.3.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', 'fe80::1', 'fd00::1', '224.0.0.1'])(
    'classifies %s as non-public',
    (ip) => expect(isNonPublicAddress(ip)).toBe(true),
  );
  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])('classifies %s as public', (ip) => expect(isNonPublicAddress(ip)).toBe(false));

  it('refuses a loopback literal, a private literal, an IPv6 loopback and a name resolving to loopback', async () => {
    await expect(sendSafely(`http://127.0.0.1:${port}/`, { allowPrivate: false, body: '{}' })).rejects.toThrow(/non-public/);
    await expect(sendSafely('http://10.1.2.3:9/', { allowPrivate: false, body: '{}', timeoutMs: 2000 })).rejects.toThrow(/non-public/);
    await expect(sendSafely(`http://[::1]:${port}/`, { allowPrivate: false, body: '{}' })).rejects.toThrow(/non-public/);
    await expect(sendSafely(`http://localhost:${port}/`, { allowPrivate: false, body: '{}' })).rejects.toThrow(/non-public/);
    expect(hits).toBe(0);
  });

  it('refuses non-http schemes', async () => {
    await expect(sendSafely('file:///etc/passwd', { allowPrivate: true })).rejects.toThrow(/http/);
  });

  it('with the allowance on reaches the loopback receiver and keeps a 1 KB excerpt', async () => {
    const res = await sendSafely(`http://localhost:${port}/`, { allowPrivate: true, body: '{}' });
    expect(res.status).toBe(200);
    expect(res.excerpt).toHaveLength(1024);
    expect(hits).toBe(1);
  });
});

describe('retry schedule', () => {
  it('is the Standard Webhooks schedule by default, replaced by WEBHOOK_RETRY_SCHEDULE_MS; a bad one stops the start naming it', () => {
    const base = { DATABASE_URL: 'postgres://x@127.0.0.1/x' };
    expect(loadConfig(base).webhooks).toEqual({ retryScheduleMs: [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000], allowPrivateNetworks: false });
    expect(loadConfig({ ...base, WEBHOOK_RETRY_SCHEDULE_MS: '100, 200', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' }).webhooks).toEqual({ retryScheduleMs: [100, 200], allowPrivateNetworks: true });
    expect(parseWebhookRetrySchedule('100,200')).toEqual([100, 200]);
    for (const bad of ['', '100,', '1e3', '-5', 'soon']) expect(() => loadConfig({ ...base, WEBHOOK_RETRY_SCHEDULE_MS: bad })).toThrow(/WEBHOOK_RETRY_SCHEDULE_MS: must be comma-separated whole milliseconds/);
    expect(() => loadConfig({ ...base, WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'yes' })).toThrow(/WEBHOOK_ALLOW_PRIVATE_NETWORKS/);
  });
  it('jitters ±10 % and lets a longer Retry-After win', () => {
    const s = DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS;
    expect(webhookRetryDelay(s, 1, null, () => 0)).toBe(4_500);
    expect(webhookRetryDelay(s, 1, null, () => 1)).toBe(5_500);
    expect(webhookRetryDelay(s, 2, null, () => 0.5)).toBe(300_000);
    expect(webhookRetryDelay(s, 1, 60_000, () => 0.5)).toBe(60_000);
    expect(parseRetryAfter('120')).toBe(120_000);
    expect(parseRetryAfter(new Date(Date.now() + 30_000).toUTCString())).toBeGreaterThan(25_000);
    expect(parseRetryAfter('soon')).toBeNull();
  });
});
