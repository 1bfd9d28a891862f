import { describe, expect, it } from 'vitest';
import { charge, decayedFailures, delayAfter, refund, retryAfterMs, retryAfterSeconds, type ThrottlePolicy } from '../../src/security/login-throttle.policy.ts';

const policy: ThrottlePolicy = { freeAttempts: 5, baseDelayMs: 1000, maxDelayMs: 15 * 60_000, decayMs: 10 * 60_000 };
const t0 = new Date('2030-01-01T00:00:00.000Z');
const plus = (ms: number) => new Date(t0.getTime() + ms);

describe('delayAfter', () => {
  it('is free for the first attempts, then 1 s, 2 s, 4 s … doubling', () => {
    expect([0, 1, 5].map((f) => delayAfter(f, policy))).toEqual([0, 0, 0]);
    expect([6, 7, 8, 9, 10].map((f) => delayAfter(f, policy))).toEqual([1000, 2000, 4000, 8000, 16_000]);
  });

  it('is capped at the maximum, even for absurd counts (no permanent lockout)', () => {
    expect(delayAfter(16, policy)).toBe(15 * 60_000);
    expect(delayAfter(1_000_000, policy)).toBe(15 * 60_000);
  });
});

describe('decay', () => {
  it('forgives one failure per full decay period without failures', () => {
    const record = { failures: 8, lastFailureAt: t0 };
    expect(decayedFailures(record, plus(9 * 60_000), policy)).toBe(8);
    expect(decayedFailures(record, plus(10 * 60_000), policy)).toBe(7);
    expect(decayedFailures(record, plus(35 * 60_000), policy)).toBe(5);
    expect(decayedFailures(record, plus(5 * 3_600_000), policy)).toBe(0);
  });
});

describe('charge', () => {
  it('allows and charges within the free attempts', () => {
    let record = { failures: 0, lastFailureAt: null as Date | null };
    for (let i = 1; i <= 5; i++) {
      const d = charge(record, t0, policy);
      expect(d.allowed).toBe(true);
      if (d.allowed) record = d.next;
      expect(record.failures).toBe(i);
    }
    // The 6th charge is allowed (the wait starts after it), the 7th comes too early.
    const sixth = charge(record, t0, policy);
    expect(sixth.allowed).toBe(true);
    if (!sixth.allowed) return;
    expect(retryAfterMs(sixth.next, t0, policy)).toBe(1000);
    expect(charge(sixth.next, plus(400), policy)).toEqual({ allowed: false, retryAfterMs: 600 });
    const later = charge(sixth.next, plus(1000), policy);
    expect(later).toMatchObject({ allowed: true, next: { failures: 7, lastFailureAt: plus(1000) } });
  });

  it('charges on top of the decayed count', () => {
    const d = charge({ failures: 9, lastFailureAt: t0 }, plus(30 * 60_000), policy);
    expect(d).toEqual({ allowed: true, next: { failures: 7, lastFailureAt: plus(30 * 60_000) } });
  });
});

describe('refund', () => {
  it('restores the record exactly when nothing happened since the charge', () => {
    const previous = { failures: 6, lastFailureAt: t0 };
    const next = { failures: 7, lastFailureAt: plus(5000) };
    expect(refund(next, { previous, next })).toEqual(previous);
  });

  it('takes one failure off when other failures came in since', () => {
    const previous = { failures: 2, lastFailureAt: t0 };
    const next = { failures: 3, lastFailureAt: plus(10) };
    const current = { failures: 5, lastFailureAt: plus(20) };
    expect(refund(current, { previous, next })).toEqual({ failures: 4, lastFailureAt: plus(20) });
    expect(refund({ failures: 1, lastFailureAt: plus(20) }, { previous, next })).toEqual({ failures: 0, lastFailureAt: null });
  });
});

describe('retryAfterSeconds', () => {
  it('rounds up to whole seconds, at least 1', () => {
    expect([1, 999, 1000, 1001, 60_000].map(retryAfterSeconds)).toEqual([1, 1, 1, 2, 60]);
  });
});

describe('concurrent attempts', () => {
  it('never waits within the free attempts, even when a concurrent failure is recorded a moment later', () => {
    const now = new Date('2026-11-21T09:00:00.000Z');
    const later = { failures: 3, lastFailureAt: new Date(now.getTime() + 5) };
    expect(retryAfterMs(later, now, policy)).toBe(0);
    expect(charge(later, now, policy)).toMatchObject({ allowed: true });
    // Past the free attempts the wait runs from the latest failure.
    expect(retryAfterMs({ failures: 6, lastFailureAt: later.lastFailureAt }, now, policy)).toBe(1005);
  });
});
