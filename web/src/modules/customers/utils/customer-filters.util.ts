import { CUSTOMER_STATUSES, LEAD_SOURCES } from '@crm/contracts/crm/crm.constants';
import type { CustomerListInput } from '@crm/contracts/customers/customer.input';

// Option lists of the filters, from the zod-free constants module (the admin chunk does not carry zod);
// the `satisfies` keeps them in step with the API's input.
export const CUSTOMER_STATUS_FILTERS = ['all', ...CUSTOMER_STATUSES] as const satisfies readonly CustomerListInput['status'][];
export const CUSTOMER_SORT_OPTIONS = ['newest', 'oldest', 'name', 'leadScore', 'lastContact'] as const satisfies readonly CustomerListInput['sort'][];
export const CUSTOMER_SOURCE_FILTERS = ['all', ...LEAD_SOURCES] as const satisfies readonly CustomerListInput['leadSource'][];

/** What the filter bar edits; the page and the deleted switch are kept beside it. */
export interface CustomerFilters {
  search: string;
  status: CustomerListInput['status'];
  leadSource: CustomerListInput['leadSource'];
  sort: CustomerListInput['sort'];
}

export const DEFAULT_CUSTOMER_FILTERS: CustomerFilters = { search: '', status: 'all', leadSource: 'all', sort: 'newest' };

/** Rows per page (spec 02 §7: limit 50). */
export const CUSTOMERS_PAGE_SIZE = 50;

export function isAnyCustomerFilterActive(filters: CustomerFilters): boolean {
  return filters.search.trim() !== '' || filters.status !== 'all' || filters.leadSource !== 'all';
}

/** The CSV export of the current filters (the server streams it; the session cookie authorizes the download). */
export function customersExportUrl(filters: CustomerFilters): string {
  const query = new URLSearchParams();
  const search = filters.search.trim();
  if (search) query.set('search', search);
  if (filters.status !== 'all') query.set('status', filters.status);
  if (filters.leadSource !== 'all') query.set('leadSource', filters.leadSource);
  const text = query.toString();
  return `/api/crm/customers/export${text ? `?${text}` : ''}`;
}
