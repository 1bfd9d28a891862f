import type { AuditEntryRow as AuditLogEntry } from '../../audit/utils/audit-entry.types.ts';
import type { RiskLevel } from '@crm/contracts/platform/audit';

const RISK_ORDER: Record<RiskLevel, number> = { low: 0, medium: 1, high: 2, critical: 3 };

/**
 * Whether a live entry belongs in the Audit Logs tab as filtered: the search (user name, action, IP address,
 * case-insensitive) and the risk level (exactly, as the list filters). A new entry is always inside the window.
 */
export function matchesAuditFilters(entry: AuditLogEntry, filters: { search: string; risk: 'all' | RiskLevel }): boolean {
  if (filters.risk !== 'all' && entry.riskLevel !== filters.risk) return false;
  const needle = filters.search.trim().toLowerCase();
  if (needle === '') return true;
  return [entry.userName, entry.action, entry.ipAddress, entry.entityId].some((v) => v?.toLowerCase().includes(needle));
}

/** The live entries then the loaded page, newest first, each entry once (a live entry may also be on the page). */
export function mergeEntries(live: readonly AuditLogEntry[], page: readonly AuditLogEntry[]): AuditLogEntry[] {
  const onPage = new Set(page.map((e) => e.id));
  return [...live.filter((e) => !onPage.has(e.id)), ...page];
}

/** Adds a received entry to the live list (newest first, no duplicates, at most `max`). */
export function addLiveEntry(live: readonly AuditLogEntry[], entry: AuditLogEntry, max: number): AuditLogEntry[] {
  if (live.some((e) => e.id === entry.id)) return live as AuditLogEntry[];
  return [entry, ...live].sort((a, b) => b.position - a.position).slice(0, max);
}

export const riskAtLeast = (risk: RiskLevel, floor: RiskLevel) => RISK_ORDER[risk] >= RISK_ORDER[floor];
