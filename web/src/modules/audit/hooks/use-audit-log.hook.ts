import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '../../api/trpc.client.ts';
import type { AuditLogFilters } from '../utils/audit-filters.util.ts';

/** One page of `audit.list` with the four tiles; refetched when a filter or the page changes. */
export function useAuditLog(filters: AuditLogFilters, page: number, limit: number) {
  return trpc.audit.list.useQuery({ ...filters, page, limit }, { placeholderData: keepPreviousData });
}
