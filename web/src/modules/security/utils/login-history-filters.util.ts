import type { LoginDateRange, LoginStatus } from '@crm/contracts/security/login-history.input';

/** The viewer's selections (spec 02 "Login History viewer"; defaults per §9: page 1, limit 50, 7days). */
export interface LoginHistoryFilters {
  search: string;
  dateRange: LoginDateRange;
  status: 'all' | LoginStatus;
  device: 'all' | 'desktop' | 'mobile' | 'tablet';
}

export const DEFAULT_LOGIN_HISTORY_FILTERS: LoginHistoryFilters = { search: '', dateRange: '7days', status: 'all', device: 'all' };
export const LOGIN_HISTORY_PAGE_SIZE = 50;

export const DATE_RANGE_OPTIONS = ['today', '7days', '30days', '90days', 'all'] as const satisfies readonly LoginDateRange[];
export const STATUS_OPTIONS = ['all', 'success', 'failed', 'suspicious'] as const satisfies readonly LoginHistoryFilters['status'][];
export const DEVICE_OPTIONS = ['all', 'desktop', 'mobile', 'tablet'] as const satisfies readonly LoginHistoryFilters['device'][];

/** The CSV download of the current filters (GET /api/admin/login-history/export; the session cookie authorises it). */
export function exportUrl(filters: LoginHistoryFilters): string {
  const query = new URLSearchParams({ search: filters.search.trim(), dateRange: filters.dateRange, status: filters.status, device: filters.device });
  return `/api/admin/login-history/export?${query.toString()}`;
}

/** Block IP is offered on failed and suspicious attempts only (spec 02), when the row has an address. */
export function canBlockRow(row: { status: LoginStatus; ip_address: string | null }): boolean {
  return row.ip_address !== null && (row.status === 'failed' || row.status === 'suspicious');
}

export const STATUS_COLOR: Record<LoginStatus, string> = { success: 'green', failed: 'red', suspicious: 'orange' };

/** `security:manage`: block and unblock addresses (the server checks it too). */
export const MANAGE_SECURITY = 'security:manage';

export type { LoginRecord as LoginHistoryRow, BlockedIpView as BlockedIpRow } from '@crm/contracts/security/login-history.input';
