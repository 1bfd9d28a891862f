import { describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLDS, clientKey, detectSuspiciousLogin, type AttemptFacts, type PastAttempt } from '../../src/security/suspicious-login.detector.ts';

const now = new Date('2030-01-01T12:00:00.000Z');
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const chrome = 'Chrome 131 / Windows 10';

const success = (over: Partial<AttemptFacts> = {}): AttemptFacts => ({
  emailKey: 'ada@example.com',
  ip: '203.0.113.1',
  client: chrome,
  succeeded: true,
  countedFailure: false,
  at: now,
  ...over,
});
const failure = (over: Partial<AttemptFacts> = {}): AttemptFacts => success({ succeeded: false, countedFailure: true, ...over });
const past = (over: Partial<PastAttempt>): PastAttempt => ({ emailKey: 'ada@example.com', ip: '203.0.113.1', succeeded: false, countedFailure: true, at: ago(5), ...over });
const known = { knownClients: [chrome], knownIps: ['203.0.113.1'] };
const never = { knownClients: [], knownIps: [] };

describe('suspicious-login detector', () => {
  it('a usual login is not suspicious', () => {
    expect(detectSuspiciousLogin(success(), [], known)).toEqual({ suspicious: false, suspiciousReasons: [] });
  });

  it('flags a success after several failures on the account within the window', () => {
    const three = [past({ at: ago(3) }), past({ at: ago(2) }), past({ at: ago(1), ip: '198.51.100.9' })];
    expect(detectSuspiciousLogin(success(), three, known).suspiciousReasons).toEqual(['failures_before_success']);
    // Two are not enough; failures outside the window or before an earlier success do not count.
    expect(detectSuspiciousLogin(success(), three.slice(1), known).suspicious).toBe(false);
    expect(detectSuspiciousLogin(success(), three.map((a) => ({ ...a, at: ago(61) })), known).suspicious).toBe(false);
    expect(detectSuspiciousLogin(success(), [...three, past({ succeeded: true, countedFailure: false, at: ago(0.5) })], known).suspicious).toBe(false);
    // Throttled or blocked attempts (not counted failures) are not guesses of a password.
    expect(detectSuspiciousLogin(success(), three.map((a) => ({ ...a, countedFailure: false })), known).suspicious).toBe(false);
    // Another account's failures are not this account's.
    expect(detectSuspiciousLogin(success(), three.map((a) => ({ ...a, emailKey: 'bob@example.com' })), known).suspicious).toBe(false);
  });

  it('flags a new device and a new address for an account that has logged in before', () => {
    expect(detectSuspiciousLogin(success({ client: 'Firefox 130 / Linux' }), [], known).suspiciousReasons).toEqual(['new_device']);
    expect(detectSuspiciousLogin(success({ ip: '198.51.100.9' }), [], known).suspiciousReasons).toEqual(['new_ip']);
    expect(detectSuspiciousLogin(success({ ip: '198.51.100.9', client: 'Safari 17 / iOS 17' }), [], known).suspiciousReasons).toEqual(['new_device', 'new_ip']);
  });

  it('does not flag the first login of an account', () => {
    expect(detectSuspiciousLogin(success({ ip: '198.51.100.9', client: 'Safari 17 / iOS 17' }), [], never).suspicious).toBe(false);
  });

  it('does not apply success rules to a failed attempt', () => {
    expect(detectSuspiciousLogin(failure({ client: 'Firefox 130 / Linux' }), [past({}), past({}), past({})], known).suspicious).toBe(false);
  });

  it('flags any attempt from an address that failed on many accounts recently', () => {
    const spray = ['a', 'b', 'c', 'd'].map((n) => past({ emailKey: `${n}@example.com`, ip: '198.51.100.66' }));
    // This failure is the fifth account: flagged.
    expect(detectSuspiciousLogin(failure({ emailKey: 'e@example.com', ip: '198.51.100.66' }), spray, never).suspiciousReasons).toEqual(['ip_failures_across_accounts']);
    // A success from that address too (with the account's own rules alongside).
    const fifth = [...spray, past({ emailKey: 'e@example.com', ip: '198.51.100.66' })];
    expect(detectSuspiciousLogin(success({ ip: '198.51.100.66' }), fifth, known).suspiciousReasons).toEqual(['new_ip', 'ip_failures_across_accounts']);
    // Four accounts are not enough; repeated failures on one account count once; another address does not count.
    expect(detectSuspiciousLogin(failure({ emailKey: 'a@example.com', ip: '198.51.100.66' }), spray, never).suspicious).toBe(false);
    expect(detectSuspiciousLogin(failure({ emailKey: 'e@example.com', ip: '198.51.100.67' }), spray, never).suspicious).toBe(false);
  });

  it('is deterministic and honours the thresholds it is given', () => {
    const input = [success(), [past({}), past({})], known] as const;
    expect(detectSuspiciousLogin(...input)).toEqual(detectSuspiciousLogin(...input));
    expect(detectSuspiciousLogin(...input, { ...DEFAULT_THRESHOLDS, failuresBeforeSuccess: 2 }).suspiciousReasons).toEqual(['failures_before_success']);
  });
});

describe('clientKey', () => {
  it('is the browser and OS families: an update is not a new device', () => {
    expect(clientKey({ browser: 'Chrome 131', os: 'Windows 10' })).toBe('Chrome / Windows');
    expect(clientKey({ browser: 'Chrome 132', os: 'Windows 10' })).toBe(clientKey({ browser: 'Chrome 131', os: 'Windows 10' }));
    expect(clientKey({ browser: 'Safari 17', os: 'iOS 17.1' })).toBe('Safari / iOS');
    expect(clientKey({ browser: 'Firefox 128', os: 'Linux' })).not.toBe(clientKey({ browser: 'Chrome 131', os: 'Linux' }));
    expect(clientKey({ browser: 'Unknown', os: 'Unknown' })).toBe('Unknown / Unknown');
  });
});
