import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '../../api/trpc.client.ts';
import { LOGIN_HISTORY_PAGE_SIZE, type LoginHistoryFilters } from '../utils/login-history-filters.util.ts';

/** One page of `security.loginHistory` with the tiles and per-day counts; refetched when a filter changes. */
export function useLoginHistory(filters: LoginHistoryFilters, page: number) {
  return trpc.security.loginHistory.useQuery({ ...filters, page, limit: LOGIN_HISTORY_PAGE_SIZE }, { placeholderData: keepPreviousData });
}
