import { keepPreviousData } from '@tanstack/react-query';
import type { RiskLevel } from '@crm/contracts/platform/audit';
import { trpc } from '../../api/trpc.client.ts';
import { SECURITY_AUDIT_PAGE_SIZE, type AuditWindow } from '../utils/security-tabs.util.ts';

/** One page of `audit.list` for the Audit Logs tab: search, time window and risk. */
export function useSecurityAuditLog(filters: { search: string; window: AuditWindow; risk: 'all' | RiskLevel }, page: number) {
  return trpc.audit.list.useQuery(
    { search: filters.search, dateRange: filters.window, risk: filters.risk, page, limit: SECURITY_AUDIT_PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
}
