import { AUDIT_ACTIONS, AUDIT_ENTITIES, RISK_LEVELS } from '@crm/contracts/platform/audit';
import type { AuditDateRange, AuditLogFilter } from '@crm/contracts/audit/audit.input';

/** The viewer's selections (spec 02 "Audit Log viewer"). */
export type AuditLogFilters = Pick<AuditLogFilter, 'search' | 'dateRange' | 'action' | 'entity' | 'risk'>;

export const DEFAULT_AUDIT_LOG_FILTERS: AuditLogFilters = { search: '', dateRange: '7d', action: 'all', entity: 'all', risk: 'all' };
export const AUDIT_LOG_PAGE_SIZE = 50;

export const AUDIT_DATE_RANGE_OPTIONS = ['1h', '24h', 'today', '7d', '30d', '90d', 'all'] as const satisfies readonly AuditDateRange[];
/** All, then the record actions of the spec, then the security actions. */
export const AUDIT_ACTION_OPTIONS = ['all', ...AUDIT_ACTIONS] as const;
export const AUDIT_ENTITY_OPTIONS = ['all', ...AUDIT_ENTITIES] as const;
export const AUDIT_RISK_OPTIONS = ['all', ...RISK_LEVELS] as const;

/** The CSV download of the filters (GET /api/admin/audit-logs/export; the session cookie authorises it). */
export function auditExportUrl(filters: Partial<AuditLogFilters>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (typeof value === 'string' && value.trim() !== '') query.set(key, value.trim());
  return `/api/admin/audit-logs/export?${query.toString()}`;
}

/**
 * The filters a link may carry (`/admin/audit-log?search=<id>&entity=customer`, e.g. from an alert's details):
 * the search, and the selects when they name a known option. With a search, every date (the linked entries may be
 * older than the default window).
 */
export function filtersFromQuery(query: string): AuditLogFilters {
  const params = new URLSearchParams(query);
  const pick = <T extends string>(name: string, options: readonly T[], fallback: T): T => options.find((o) => o === params.get(name)) ?? fallback;
  const search = (params.get('search') ?? '').slice(0, 200);
  return {
    search,
    dateRange: pick('dateRange', AUDIT_DATE_RANGE_OPTIONS, search ? 'all' : DEFAULT_AUDIT_LOG_FILTERS.dateRange),
    action: pick('action', AUDIT_ACTION_OPTIONS, 'all'),
    entity: pick('entity', AUDIT_ENTITY_OPTIONS, 'all'),
    risk: pick('risk', AUDIT_RISK_OPTIONS, 'all'),
  };
}
