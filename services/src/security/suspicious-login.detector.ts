/**
 * Suspicious-login detector (pure). The login service feeds it what the login_attempt table holds at the
 * moment of the attempt (not a read model, which may lag behind a fast attacker), and records the verdict
 * in the LoginSucceeded / LoginFailed event, so a replay of the events gives the same rows.
 *
 * Rules (reason codes, in this order):
 * - `failures_before_success`: a success after at least `failuresBeforeSuccess` failed attempts on that
 *   account within the window, since its previous success;
 * - `new_device`: a success from a client (browser + OS) this account never logged in with before;
 * - `new_ip`: a success from an address this account never logged in from before;
 *   (the last two only for an account that has logged in before: a first login is not suspicious)
 * - `ip_failures_across_accounts`: any attempt from an address that failed on at least
 *   `accountsPerIp` different accounts within the window (this attempt included).
 */
import type { SuspiciousReason } from '@crm/contracts';

export interface DetectorThresholds {
  windowMs: number;
  failuresBeforeSuccess: number;
  accountsPerIp: number;
}

export const DEFAULT_THRESHOLDS: DetectorThresholds = { windowMs: 60 * 60_000, failuresBeforeSuccess: 3, accountsPerIp: 5 };

/** An earlier attempt (from the same account or the same address). */
export interface PastAttempt {
  emailKey: string;
  ip: string | null;
  succeeded: boolean;
  /** A wrong password or an unknown account (not a throttled, blocked, or awaiting-approval attempt). */
  countedFailure: boolean;
  at: Date;
}

export interface AttemptFacts {
  emailKey: string;
  ip: string | null;
  /** Browser and OS, e.g. "Chrome 131 / Windows 10". */
  client: string;
  succeeded: boolean;
  countedFailure: boolean;
  at: Date;
}

export interface AccountHistory {
  /** Clients and addresses of the account's earlier successful logins (empty: it never logged in). */
  knownClients: readonly string[];
  knownIps: readonly string[];
}

export interface Verdict {
  suspicious: boolean;
  suspiciousReasons: SuspiciousReason[];
}

export function detectSuspiciousLogin(
  attempt: AttemptFacts,
  recent: readonly PastAttempt[],
  account: AccountHistory,
  thresholds: DetectorThresholds = DEFAULT_THRESHOLDS,
): Verdict {
  const since = attempt.at.getTime() - thresholds.windowMs;
  const inWindow = recent.filter((a) => a.at.getTime() >= since && a.at.getTime() <= attempt.at.getTime());
  const reasons: SuspiciousReason[] = [];

  if (attempt.succeeded) {
    const mine = inWindow.filter((a) => a.emailKey === attempt.emailKey);
    const lastSuccess = Math.max(-Infinity, ...mine.filter((a) => a.succeeded).map((a) => a.at.getTime()));
    const failures = mine.filter((a) => a.countedFailure && a.at.getTime() > lastSuccess).length;
    if (failures >= thresholds.failuresBeforeSuccess) reasons.push('failures_before_success');
    const loggedInBefore = account.knownClients.length > 0 || account.knownIps.length > 0;
    if (loggedInBefore && !account.knownClients.includes(attempt.client)) reasons.push('new_device');
    if (loggedInBefore && attempt.ip !== null && !account.knownIps.includes(attempt.ip)) reasons.push('new_ip');
  }

  if (attempt.ip !== null) {
    const accounts = new Set(inWindow.filter((a) => a.ip === attempt.ip && a.countedFailure).map((a) => a.emailKey));
    if (attempt.countedFailure) accounts.add(attempt.emailKey);
    if (accounts.size >= thresholds.accountsPerIp) reasons.push('ip_failures_across_accounts');
  }

  return { suspicious: reasons.length > 0, suspiciousReasons: reasons };
}

/** The client as the detector compares it: browser and OS (the device type alone says too little). */
/**
 * What "the same device" means to the detector: browser family and OS family, without versions, so that
 * a browser or OS update is not a new device ("Chrome 131" and "Chrome 132" on "iOS 17.0" and "iOS 17.1"
 * are both "Chrome / iOS").
 */
export function clientKey(description: { browser: string; os: string }): string {
  const family = (name: string) => name.replace(/(\s+[\d.]+)+$/, '');
  return `${family(description.browser)} / ${family(description.os)}`;
}

/** Login e-mails are compared trimmed and lower-cased (as the unique index on auth_user does). */
export function normalizeEmailKey(email: string): string {
  return email.trim().toLowerCase();
}
