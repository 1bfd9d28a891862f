import type { z } from 'zod';

/**
 * How an event type is audited (docs/AUDIT.md). Every entry of the event registry carries an `audit`
 * declaration next to its schema (`auditedEvent(1, schema, { entity, entityId, action, risk })`); the audit
 * projection turns each stored event into one audit-log entry with it. A registry test fails when an event type
 * has none, so a new domain cannot be silently unaudited.
 */

/** What was done. CREATE/UPDATE/DELETE/RESTORE/BULK_UPDATE for records; the rest are security and access actions. */
export const AUDIT_ACTIONS = [
  'CREATE',
  'UPDATE',
  'DELETE',
  'RESTORE',
  'BULK_UPDATE',
  'LOGIN',
  'LOGOUT',
  'LOGIN_FAILED',
  'EXPORT',
  'READ',
  'PERMISSION_CHANGE',
  'PASSWORD_CHANGE',
  'PASSWORD_RESET',
  'INVITE',
  'APPROVE',
  'ACTIVATE',
  'DEACTIVATE',
  'SUSPEND',
  'LOCK',
  'UNLOCK',
  'BLOCK',
  'UNBLOCK',
  'MFA_ENABLE',
  'MFA_DISABLE',
  'MFA_CHALLENGE',
  'RESOLVE',
  'ASSESS',
  'SUBMIT',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_OUTCOMES = ['success', 'failure', 'warning'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export const RISK_LEVELS = ['low', 'medium', 'high', 'critical'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** The kinds of record an entry is about (the viewer's entity select). A later domain adds its own here. */
export const AUDIT_ENTITIES = [
  'booking',
  'customer',
  'deal',
  'task',
  'user',
  'session',
  'settings',
  'ip_block',
  'newsletter',
  'contact',
  'invitation',
  'communication',
  'file',
  'analytics',
  'audit_log',
  'mfa',
  'security_alert',
  'security_policy',
  'compliance',
  'integration',
  'webhook',
  'api_key',
  'campaign',
  'lead_form',
  'form_submission',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** An entity's audited fields as the audit projection keeps them between events. */
export type AuditState = Readonly<Record<string, unknown>>;

/**
 * A fixed value, or one computed from the event's data (a failed login's risk depends on its reason). The
 * method form keeps the declaration assignable to the registry's `AuditDeclaration<unknown>`.
 */
export type FromData<D, T> = T | { derive(data: D): T }['derive'];

export interface AuditDeclaration<D> {
  entity: FromData<D, AuditEntity>;
  /** The record's id (null when the event has none, e.g. an analytics batch). */
  entityId(data: D): string | null;
  action: FromData<D, AuditAction>;
  /** Default `success`. */
  outcome?: FromData<D, AuditOutcome>;
  risk: FromData<D, RiskLevel>;
  /** Who did it when the event's metadata names nobody (a login names its account only in its data). */
  actor?(data: D): string | null;
  /** Fields of the data never shown (beyond the global deny list `SECRET_FIELD_PATTERN`), at any depth. */
  redact?: readonly string[];
  /**
   * The entity's fields this event sets, given the entity's previous audited state (null before its first
   * event): the projection lists each field whose value differs as {field, oldValue, newValue} and merges them
   * into the state. Default: a CREATE sets every field of its (redacted) data; other actions set none.
   */
  state?(data: D, previous: AuditState | null): AuditState;
}

/** One event type's current schema version, zod schema and audit declaration. */
export interface AuditedEventEntry<S extends z.ZodType = z.ZodType> {
  version: number;
  schema: S;
  audit: AuditDeclaration<z.output<S>>;
}

/** An event type's registry entry with its audit declaration, typed from its schema. */
export const auditedEvent = <S extends z.ZodType>(version: number, schema: S, audit: AuditDeclaration<z.output<S>>): AuditedEventEntry<S> => ({
  version,
  schema,
  audit,
});

/** Reads a `FromData` value for one event's data. */
export function fromData<D, T>(value: FromData<D, T>, data: D): T {
  return typeof value === 'function' ? (value as (d: D) => T)(data) : value;
}

/** What a declaration says about one event's data, resolved. */
export interface ResolvedAudit {
  entity: AuditEntity;
  entityId: string | null;
  action: AuditAction;
  outcome: AuditOutcome;
  risk: RiskLevel;
  actor: string | null;
}

export function resolveAudit(audit: AuditDeclaration<unknown>, data: unknown): ResolvedAudit {
  return {
    entity: fromData(audit.entity, data),
    entityId: audit.entityId(data),
    action: fromData(audit.action, data),
    outcome: audit.outcome === undefined ? 'success' : fromData(audit.outcome, data),
    risk: fromData(audit.risk, data),
    actor: audit.actor ? audit.actor(data) : null,
  };
}

/**
 * The global deny list: a field whose name (case and `_`/`-` ignored) contains one of these is a secret and
 * never reaches the audit log, whatever the declaration says: passwords and their hashes, tokens and token
 * hashes, secrets (TOTP, webhook), API key material, private keys, recovery and one-time codes.
 */
export const SECRET_FIELD_PATTERN = /password|passwd|secret|token|apikey|privatekey|recoverycode|totp|otpcode|mfacode|onetimecode|credential|^key$|^keyhash$|^hash$|^code$|^codes$|^challenge$/;

/** The text a secret's value is replaced with (the field's presence stays visible, its value never). */
export const REDACTED = '[REDACTED]';

/** Whether a name matches the global deny list, by name: the audit log asks for the same few names again and again (bounded). */
const deniedNames = new Map<string, boolean>();
const DENIED_NAMES_MAX = 10_000;

function isDeniedName(name: string): boolean {
  let denied = deniedNames.get(name);
  if (denied === undefined) {
    denied = SECRET_FIELD_PATTERN.test(name.toLowerCase().replace(/[_-]/g, ''));
    if (deniedNames.size >= DENIED_NAMES_MAX) deniedNames.clear();
    deniedNames.set(name, denied);
  }
  return denied;
}

export const isSecretField = (name: string, extra: readonly string[] = []): boolean => extra.includes(name) || isDeniedName(name);

/** A deep copy of `value` with every secret field's value replaced by `REDACTED`. */
export function redactSecrets(value: unknown, extra: readonly string[] = []): unknown {
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, extra));
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const record = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(record)) {
      out[key] = isSecretField(key, extra) ? REDACTED : redactSecrets(record[key], extra);
    }
    return out;
  }
  return value;
}

/** Checks one declaration against the constant lists; returns what is wrong (empty when valid). */
export function auditDeclarationProblems(type: string, entry: { audit?: unknown }): string[] {
  const audit = entry.audit as Partial<AuditDeclaration<unknown>> | undefined;
  if (!audit || typeof audit !== 'object') return [`${type}: no audit declaration`];
  const problems: string[] = [];
  const check = (name: string, value: unknown, allowed: readonly string[], required: boolean) => {
    if (value === undefined) {
      if (required) problems.push(`${type}: audit.${name} is missing`);
    } else if (typeof value !== 'function' && !allowed.includes(value as string)) problems.push(`${type}: audit.${name} ${String(value)} is not one of ${allowed.join(', ')}`);
  };
  check('entity', audit.entity, AUDIT_ENTITIES, true);
  check('action', audit.action, AUDIT_ACTIONS, true);
  check('outcome', audit.outcome, AUDIT_OUTCOMES, false);
  check('risk', audit.risk, RISK_LEVELS, true);
  if (typeof audit.entityId !== 'function') problems.push(`${type}: audit.entityId is not a function`);
  return problems;
}

/** Checks a resolved declaration (for function-valued fields) against the constant lists. */
export function resolvedAuditProblems(type: string, resolved: ResolvedAudit): string[] {
  const problems: string[] = [];
  if (!AUDIT_ENTITIES.includes(resolved.entity)) problems.push(`${type}: entity ${resolved.entity}`);
  if (!AUDIT_ACTIONS.includes(resolved.action)) problems.push(`${type}: action ${resolved.action}`);
  if (!AUDIT_OUTCOMES.includes(resolved.outcome)) problems.push(`${type}: outcome ${resolved.outcome}`);
  if (!RISK_LEVELS.includes(resolved.risk)) problems.push(`${type}: risk ${resolved.risk}`);
  if (resolved.entityId !== null && typeof resolved.entityId !== 'string') problems.push(`${type}: entityId is not a string`);
  return problems;
}

/** Helpers for declarations. */
export const auditState = {
  /** Fields of `data` by name (the ones that exist in it). */
  pick<D extends object>(data: D, ...fields: (keyof D & string)[]): AuditState {
    const out: Record<string, unknown> = {};
    for (const field of fields) if (field in data) out[field] = data[field];
    return out;
  },
  /** `data` without some fields (ids, timestamps, actors: they are the entry's own columns). */
  omit<D extends object>(data: D, ...fields: (keyof D & string)[]): AuditState {
    // A copy of the other fields rather than a copy with fields deleted: `delete` turns an object into a slow
    // dictionary, and the audit projection reads this one several times per event.
    const record = data as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(record)) if (!(fields as string[]).includes(key)) out[key] = record[key];
    return out;
  },
};
