/** The pools' idle timeout (DATABASE_IDLE_TIMEOUT_MS) and the connections kept open (DATABASE_POOL_MIN): defaults, bounds, a bad value named. */
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

describe('DATABASE_POOL_MIN', () => {
  it('opens and keeps 8 connections unless told otherwise, never more than the pool holds', () => {
    expect(loadConfig({}).databasePoolMin).toBe(8);
    expect(loadConfig({ DATABASE_POOL_MAX: '4' }).databasePoolMin).toBe(4);
    expect(loadConfig({ DATABASE_POOL_MIN: '0' }).databasePoolMin).toBe(0);
    expect(loadConfig({ DATABASE_POOL_MIN: '30' }).databasePoolMin).toBe(30);
  });

  it.each(['-1', '2.5', 'some', '501'])('refuses %j and names the variable', (value) => {
    expect(() => loadConfig({ DATABASE_POOL_MIN: value })).toThrow(/DATABASE_POOL_MIN/);
  });

  it('refuses more than DATABASE_POOL_MAX, naming both', () => {
    expect(() => loadConfig({ DATABASE_POOL_MIN: '31' })).toThrow(/DATABASE_POOL_MIN \(31\) must not exceed DATABASE_POOL_MAX \(30\)/);
    expect(() => loadConfig({ DATABASE_POOL_MIN: '5', DATABASE_POOL_MAX: '4' })).toThrow(/DATABASE_POOL_MIN.*DATABASE_POOL_MAX/);
  });
});
