/** The pools' idle timeout (DATABASE_IDLE_TIMEOUT_MS): its default, 0 for never, and a bad value named. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';

describe('DATABASE_IDLE_TIMEOUT_MS', () => {
  it('keeps an idle pooled connection 10 minutes unless told otherwise', () => {
    expect(loadConfig({}).databaseIdleTimeoutMs).toBe(600_000);
    expect(loadConfig({ DATABASE_IDLE_TIMEOUT_MS: '0' }).databaseIdleTimeoutMs).toBe(0);
    expect(loadConfig({ DATABASE_IDLE_TIMEOUT_MS: '10000' }).databaseIdleTimeoutMs).toBe(10_000);
  });

  it.each(['-1', '1.5', 'soon', '86400001'])('refuses %j and names the variable', (value) => {
    expect(() => loadConfig({ DATABASE_IDLE_TIMEOUT_MS: value })).toThrow(/DATABASE_IDLE_TIMEOUT_MS/);
  });
});
