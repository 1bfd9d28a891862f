import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createSecretBox } from '@crm/projections';

/** Polls until `check` returns a truthy value (returned) or throws after `timeoutMs`. */
export async function waitFor<T>(check: () => T | Promise<T>, { timeoutMs = 15_000, intervalMs = 25, what = 'condition' } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Fails (never skips) when Redis is unreachable: CI sets TEST_REDIS_URL and expects these tests to run.
 * Connects with no retry so the failure is quick and says why.
 */
export async function assertRedisReachable(url: string): Promise<void> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 3_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    const pong = await client.ping();
    if (pong !== 'PONG') throw new Error(`unexpected PING reply ${pong}`);
  } catch (err) {
    throw new Error(`Redis is unreachable at ${url} (set TEST_REDIS_URL): ${(err as Error).message}`);
  } finally {
    client.disconnect();
  }
}

/** Deletes every key under a prefix (Redis test isolation). */
export async function deleteRedisPrefix(url: string, prefix: string): Promise<void> {
  const client = new Redis(url, { maxRetriesPerRequest: 1, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await client.del(...keys);
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}

/** A secrets box with a fresh random key, for workers started by a test (the app makes its own: platform/secrets-key.ts). */
export const testSecrets = () => createSecretBox(randomBytes(32));
