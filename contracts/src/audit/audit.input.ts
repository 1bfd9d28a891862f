import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, RISK_LEVELS, type AuditAction, type AuditEntity, type AuditOutcome, type RiskLevel } from '../platform/audit.ts';

/** The audit log viewer's time windows (spec 02: 1h, 24h default in the Security Center, 7d, 30d, all). */
export const AUDIT_DATE_RANGES = ['1h', '24h', 'today', '7d', '30d', '90d', 'all'] as const;
export type AuditDateRange = (typeof AUDIT_DATE_RANGES)[number];

export const AUDIT_PAGE_SIZE_MAX = 100;

const wholeFrom1 = 'must be a whole number from 1';
const oneOf = (values: readonly string[]) => `must be one of ${values.join(', ')}`;

/** Filters of the audit log (query strings are coerced for REST). */
export const auditLogFilterInput = z.object({
  /** Matches the user's name, the action, the entity id and the IP address (case-insensitive, anywhere). */
  search: z.string().trim().max(200, 'must be at most 200 characters').default(''),
  dateRange: z.enum(AUDIT_DATE_RANGES, { error: oneOf(AUDIT_DATE_RANGES) }).default('24h'),
  action: z.enum(['all', ...AUDIT_ACTIONS], { error: oneOf(['all', ...AUDIT_ACTIONS]) }).default('all'),
  entity: z.enum(['all', ...AUDIT_ENTITIES], { error: oneOf(['all', ...AUDIT_ENTITIES]) }).default('all'),
  risk: z.enum(['all', ...RISK_LEVELS], { error: oneOf(['all', ...RISK_LEVELS]) }).default('all'),
});
export type AuditLogFilter = z.output<typeof auditLogFilterInput>;

export const auditLogListInput = auditLogFilterInput.extend({
  page: z.coerce.number({ error: wholeFrom1 }).int(wholeFrom1).min(1, wholeFrom1).max(100_000, 'must be at most 100000').default(1),
  limit: z.coerce
    .number({ error: `must be a whole number from 1 to ${AUDIT_PAGE_SIZE_MAX}` })
    .int(`must be a whole number from 1 to ${AUDIT_PAGE_SIZE_MAX}`)
    .min(1, `must be a whole number from 1 to ${AUDIT_PAGE_SIZE_MAX}`)
    .max(AUDIT_PAGE_SIZE_MAX, `must be a whole number from 1 to ${AUDIT_PAGE_SIZE_MAX}`)
    .default(50),
});
export type AuditLogListInput = z.output<typeof auditLogListInput>;
export type AuditLogListPayload = z.input<typeof auditLogListInput>;

export const auditLogGetInput = z.object({ id: z.string().uuid('must be an audit entry id') });

/** `audit.live`: new entries after `lastEventId` (the last seen entry's position, as tracked() sends it). */
export const auditLiveInput = z
  .object({
    /** Set by httpSubscriptionLink on reconnect: the id of the last entry the client received (its position). */
    lastEventId: z.string().regex(/^\d+$/, 'must be an entry position').nullish(),
    /** Only entries at or above this risk. */
    risk: z.enum(['all', ...RISK_LEVELS], { error: oneOf(['all', ...RISK_LEVELS]) }).default('all'),
  })
  .default({ risk: 'all' });
export type AuditLiveInput = z.output<typeof auditLiveInput>;

export interface AuditChange {
  field: string;
  oldValue: unknown;
  newValue: unknown;
}

/** One entry of the audit log as REST, tRPC and the viewer receive it. */
export interface AuditLogEntry {
  /** The event's id (an entry is one event). */
  id: string;
  /** Its place in the global order (1, 2, …): the hash chain's order. */
  position: number;
  timestamp: string;
  eventType: string;
  userId: string | null;
  userName: string | null;
  /** The actor's type when it acted (admin, manager, user), `system` or `visitor` when there was no account. */
  userRole: string | null;
  action: AuditAction;
  entity: AuditEntity | 'unknown';
  entityId: string | null;
  outcome: AuditOutcome;
  riskLevel: RiskLevel;
  ipAddress: string | null;
  userAgent: string | null;
  /** desktop, mobile, tablet or other (from the user agent). */
  device: string;
  browser: string;
  os: string;
  /** "Local network", a country's English name, or "Unknown". */
  location: string;
  /** The session's public handle (its login id). */
  sessionId: string | null;
  correlationId: string | null;
  changes: AuditChange[];
  /** The event's data, secrets replaced by "[REDACTED]". */
  details: Record<string, unknown>;
  /** SHA-256 (hex) of the entry's canonical content and the previous entry's hash. */
  hash: string;
}

/** The four tiles over the filtered set. */
export interface AuditLogTiles {
  total: number;
  creates: number;
  updates: number;
  deletes: number;
}

/**
 * The answer of a chain walk: ok, or what is wrong. `firstBroken`: the first entry whose hash does not match its
 * content and predecessor (an entry changed, removed or inserted). `missing`: entries removed at the end, which the
 * chain alone cannot show: fewer entries than the events the audit projection has applied (`expected`), or than a
 * head recorded earlier holds. `headMismatch`: the entry at a recorded head's position has another hash. `head`:
 * the last entry (position and hash), to record outside the database and pass back later (`expectHead`).
 */
export interface AuditVerifyResult {
  ok: boolean;
  checked: number;
  firstBroken?: { position: number; entryId: string; expectedHash: string; actualHash: string };
  missing?: { expected: number; found: number };
  headMismatch?: { position: number; expectedHash: string; actualHash: string };
  head: { position: number; hash: string } | null;
}

/** A head recorded earlier (`position:hash`, as `head` gave it): the chain must still hold that entry, unchanged. */
export const auditVerifyInput = z.object({
  expectHead: z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,15}:[0-9a-f]{64}$/, 'must be position:hash (a recorded head, e.g. 1042:<64 hex characters>)')
    .transform((v) => ({ position: Number(v.split(':')[0]), hash: v.split(':')[1]! }))
    .optional(),
});
export type AuditVerifyInput = z.output<typeof auditVerifyInput>;

/** Columns of the CSV export, in order (spec 02: Date, User, Action, Entity, Entity ID, Changes, Status; then IP Address, Risk). */
export const AUDIT_CSV_COLUMNS = ['Date', 'User', 'Action', 'Entity', 'Entity ID', 'Changes', 'Status', 'IP Address', 'Risk'] as const;
