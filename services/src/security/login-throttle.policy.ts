/**
 * Growing delays after failed logins (pure: no clock, no I/O). Kept per account (normalised e-mail,
 * known or not) and per IP address.
 *
 * - The first `freeAttempts` failures cost nothing; then each further failure doubles the wait:
 *   base, 2·base, 4·base, … capped at `maxDelayMs`. The cap is the most an attacker can impose on the
 *   real owner of an account: there is no permanent lockout.
 * - Decay: every `decayMs` without a new failure forgives one failure, so an occasional typo never adds
 *   up, and a counter left alone falls back to zero.
 * - A failure is charged BEFORE the password is checked (a burst of concurrent guesses cannot all slip
 *   through as "free"); the service refunds it when the password was right.
 */
export interface ThrottlePolicy {
  freeAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  decayMs: number;
}

/** What is stored per key. */
export interface ThrottleRecord {
  failures: number;
  lastFailureAt: Date | null;
}

export const EMPTY_RECORD: ThrottleRecord = { failures: 0, lastFailureAt: null };

/** The wait that `failures` recorded failures impose after the last one (0 while within the free attempts). */
export function delayAfter(failures: number, policy: ThrottlePolicy): number {
  const over = failures - policy.freeAttempts;
  if (over <= 0) return 0;
  // 2^(over-1) overflows to Infinity for huge counts; the cap applies either way.
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(over - 1, 60));
}

/** The failures still counted at `now`: one forgiven per full `decayMs` since the last failure. */
export function decayedFailures(record: ThrottleRecord, now: Date, policy: ThrottlePolicy): number {
  if (!record.lastFailureAt || record.failures <= 0) return 0;
  const quiet = now.getTime() - record.lastFailureAt.getTime();
  if (quiet <= 0 || policy.decayMs <= 0) return record.failures;
  return Math.max(0, record.failures - Math.floor(quiet / policy.decayMs));
}

/** Milliseconds until the next attempt is allowed (0 = allowed now). */
export function retryAfterMs(record: ThrottleRecord, now: Date, policy: ThrottlePolicy): number {
  const delay = delayAfter(record.failures, policy);
  // Within the free attempts there is no wait, even when a concurrent attempt recorded its failure a
  // moment "after" this one's clock reading (the clock is read before the row is locked).
  if (!record.lastFailureAt || delay === 0) return 0;
  const until = record.lastFailureAt.getTime() + delay;
  return Math.max(0, until - now.getTime());
}

export type ChargeDecision = { allowed: true; next: ThrottleRecord } | { allowed: false; retryAfterMs: number };

/**
 * An attempt arrives: refused while the wait is running; otherwise allowed and charged as a failure
 * (on top of the decayed count), to be refunded if the password turns out right.
 */
export function charge(record: ThrottleRecord, now: Date, policy: ThrottlePolicy): ChargeDecision {
  const wait = retryAfterMs(record, now, policy);
  if (wait > 0) return { allowed: false, retryAfterMs: wait };
  return { allowed: true, next: { failures: decayedFailures(record, now, policy) + 1, lastFailureAt: now } };
}

/**
 * The password was right after all: take back the failure `charge` recorded at `chargedAt`. When no
 * other failure came in since, the record is exactly what it was before (`previous`); otherwise one
 * failure is taken off and the later failure's time stays.
 */
export function refund(current: ThrottleRecord, charged: { previous: ThrottleRecord; next: ThrottleRecord }): ThrottleRecord {
  const untouched = current.failures === charged.next.failures && current.lastFailureAt?.getTime() === charged.next.lastFailureAt?.getTime();
  if (untouched) return charged.previous;
  return { failures: Math.max(0, current.failures - 1), lastFailureAt: current.failures > 1 ? current.lastFailureAt : null };
}

/** Seconds for a Retry-After header (whole seconds, at least 1). */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
