import type { UserListInput } from '@crm/contracts/identity/users.input';

// Option lists of the users filters. Kept here (not imported from the contracts' zod module) so the admin
// chunk does not carry zod; the `satisfies` and the exhaustiveness checks below keep them in step with the API.
export const USER_TYPE_FILTERS = ['all', 'admin', 'manager', 'user'] as const satisfies readonly UserListInput['userType'][];
export const USER_STATUS_FILTERS = ['all', 'active', 'inactive'] as const satisfies readonly UserListInput['status'][];
export const USER_APPROVAL_FILTERS = ['all', 'approved', 'pending'] as const satisfies readonly UserListInput['approval'][];
export const USER_SORT_OPTIONS = ['newest', 'oldest', 'name', 'email', 'type'] as const satisfies readonly UserListInput['sortBy'][];

type Covers<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : false;
const exhaustive: [
  Covers<UserListInput['userType'], (typeof USER_TYPE_FILTERS)[number]>,
  Covers<UserListInput['status'], (typeof USER_STATUS_FILTERS)[number]>,
  Covers<UserListInput['approval'], (typeof USER_APPROVAL_FILTERS)[number]>,
  Covers<UserListInput['sortBy'], (typeof USER_SORT_OPTIONS)[number]>,
] = [true, true, true, true];
void exhaustive;

/** What the filter bar edits (spec 01 §3 users filter object); the page is kept beside it. */
export type UserFilters = Omit<UserListInput, 'page' | 'pageSize'>;

/** Accounts per page in the users table. */
export const USERS_PAGE_SIZE = 50;

export const DEFAULT_USER_FILTERS: UserFilters = {
  search: '',
  userType: 'all',
  status: 'all',
  approval: 'all',
  sortBy: 'newest',
};

/** Any filter narrowing the list (the sort order does not). */
export function isAnyUserFilterActive(filters: UserFilters): boolean {
  return filters.search.trim() !== '' || filters.userType !== 'all' || filters.status !== 'all' || filters.approval !== 'all';
}
