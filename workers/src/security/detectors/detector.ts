/**
 * Security detectors: pure policies over the event stream. Each folds the events it cares about into its own
 * small state and says, for each event, whether an alert is raised. Time is the events' own (`at` in their
 * data, else the stored timestamp), never the clock, so replaying the same events gives the same state and the
 * same alerts; an alert's id derives from the detector and the event that crossed its threshold.
 */
import { createHash } from 'node:crypto';
import type { SecurityAlertSeverity, SecurityAlertType } from '@crm/contracts';

/** What a detector sees of a stored event. */
export interface DetectorEvent {
  id: string;
  type: string;
  data: unknown;
  timestamp: Date;
  metadata?: { ip?: string | null; userId?: string | null };
}

/** What a detector may ask beyond the event: the country of an address (offline lookup; null for local/unknown). */
export interface DetectorEnv {
  countryOf(ip: string | null): string | null;
}

/** An alert a detector raises (the reactor turns it into a SecurityAlertRaised event). */
export interface AlertDraft {
  alertId: string;
  type: SecurityAlertType;
  severity: SecurityAlertSeverity;
  title: string;
  description: string;
  ipAddress: string | null;
  userId: string | null;
  userName: string | null;
  email: string | null;
  relatedEventIds: string[];
  /** The audit log's entity ids of those events (a login's id, an export's id, an account's id): its search finds them. */
  relatedEntityIds: string[];
  details: Record<string, string | number | null>;
  detectedAt: string;
}

export interface DetectorPolicy<S> {
  readonly type: SecurityAlertType;
  readonly initialState: S;
  /** The next state and the alerts this event raises (none most of the time). Pure. */
  apply(state: S, event: DetectorEvent, env: DetectorEnv): { state: S; alerts: AlertDraft[] };
}

const NAMESPACE = '3f2d6c1e-8a4b-5c7d-9e0f-1a2b3c4d5e6f';

/** A name-based UUID (RFC 4122 version 5, SHA-1) for an alert: the same detector and trigger give the same id. */
export function alertIdFor(type: SecurityAlertType, triggerEventId: string): string {
  const ns = Buffer.from(NAMESPACE.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(ns).update(`${type}:${triggerEventId}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The instant an event happened: its data's `at` (the business time), else the store's timestamp. */
export function eventTime(event: DetectorEvent): number {
  const at = (event.data as { at?: unknown } | null)?.at;
  const t = typeof at === 'string' ? Date.parse(at) : NaN;
  return Number.isFinite(t) ? t : event.timestamp.getTime();
}

/** A recent occurrence kept in a window. */
export interface Hit {
  eventId: string;
  /** The audit entity id of the event (a login's id, an export's id). */
  entityId?: string;
  at: number;
}

/** Hits no older than `windowMs` before `now`. */
export const within = <H extends Hit>(hits: readonly H[], now: number, windowMs: number): H[] => hits.filter((h) => h.at > now - windowMs && h.at <= now);

/** Drops keys whose hits all left the window (keeps the state small). */
export function pruneKeys<H extends Hit>(map: Readonly<Record<string, readonly H[]>>, now: number, windowMs: number): Record<string, H[]> {
  const out: Record<string, H[]> = {};
  for (const [key, hits] of Object.entries(map)) {
    const kept = within(hits, now, windowMs);
    if (kept.length > 0) out[key] = kept;
  }
  return out;
}

/** Whether an alert for `key` was raised less than `cooldownMs` ago (one alert per incident, not per event). */
export const coolingDown = (last: Readonly<Record<string, number>>, key: string, now: number, cooldownMs: number): boolean =>
  last[key] !== undefined && now - last[key]! < cooldownMs;

export const pruneCooldowns = (last: Readonly<Record<string, number>>, now: number, cooldownMs: number): Record<string, number> =>
  Object.fromEntries(Object.entries(last).filter(([, at]) => now - at < cooldownMs));
