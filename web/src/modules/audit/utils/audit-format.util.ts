import type { AuditEntryRow as AuditLogEntry } from './audit-entry.types.ts';
import type { TranslationFunctions } from '../../../i18n/i18n-types.ts';

/** An entry's time in the reader's language and clock, with seconds (audit work compares moments). */
export function formatAuditTime(locale: string, iso: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));
}

/**
 * A changed field's value as text: empty for null, undefined and '' (shown as "(empty)" by the caller), lists
 * joined, objects as JSON. Values are data: they keep their own direction where they are shown.
 */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((v) => auditValueText(v)).join(', ');
  return JSON.stringify(value);
}

/** The admin URL of the record an entry is about, where the app has a deep link for it. */
export function entityHref(entry: Pick<AuditLogEntry, 'entity' | 'entityId'>): string | null {
  if (!entry.entityId) return null;
  switch (entry.entity) {
    case 'customer':
      return `/admin/customers/${entry.entityId}`;
    case 'deal':
      return `/admin/pipeline/deals/${entry.entityId}`;
    case 'task':
      return `/admin/tasks/${entry.entityId}`;
    default:
      return null;
  }
}

/** A long id's first characters (the whole id is in the title and the link). */
export const shortId = (id: string) => (id.length > 13 ? `${id.slice(0, 8)}…` : id);

type Labels = TranslationFunctions['auditLog'];

/** A label from a block of the namespace, or the code itself when the block has none (a later domain's value). */
export function labelIn(block: Record<string, () => string>, code: string): string {
  const label = block[code];
  return label ? label() : code;
}

export const actionLabel = (t: Labels, action: string) => labelIn(t.actions as unknown as Record<string, () => string>, action);
export const entityLabel = (t: Labels, entity: string) => labelIn(t.entities as unknown as Record<string, () => string>, entity);
export const roleLabel = (t: Labels, role: string | null) => (role ? labelIn(t.roles as unknown as Record<string, () => string>, role) : null);
export const deviceLabel = (t: Labels, device: string) => labelIn(t.devices as unknown as Record<string, () => string>, device);

/**
 * The actor's name to show, or null when the entry has no account behind it: the server then names it with an
 * English placeholder ("System", "Anonymous") that the reader's language shows as the role instead.
 */
export function actorName(entry: Pick<AuditLogEntry, 'userId' | 'userName'>): string | null {
  if (!entry.userName) return null;
  if (!entry.userId && (entry.userName === 'System' || entry.userName === 'Anonymous')) return null;
  return entry.userName;
}

/** Who acted, for a table cell: the name (a data text) and the role under it, or only the role for the system or a visitor. */
export function actorLines(t: Labels, entry: Pick<AuditLogEntry, 'userId' | 'userName' | 'userRole'>): { name: string | null; role: string } {
  const name = actorName(entry);
  const role = roleLabel(t, entry.userRole) ?? t.table.noActor();
  return { name, role };
}

/** "Local network" and "Unknown" are translated; a country's name is shown as the server gives it. */
export function auditLocationLabel(t: Labels, location: string): string {
  if (location === 'Local network') return t.locations.localNetwork();
  if (location === 'Unknown' || location === '') return t.locations.unknown();
  return location;
}

export const RISK_COLOR = { low: 'gray', medium: 'yellow', high: 'orange', critical: 'red' } as const;
export const OUTCOME_COLOR = { success: 'green', failure: 'red', warning: 'orange' } as const;
