import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '../../api/trpc.client.ts';
import { USERS_PAGE_SIZE, type UserFilters } from '../utils/user-filters.util.ts';

/** One page of `users.list`, filtered on the server; the previous rows stay while new ones load. */
export function useUsersList(filters: UserFilters, page: number) {
  return trpc.users.list.useQuery({ ...filters, page, pageSize: USERS_PAGE_SIZE }, { placeholderData: keepPreviousData });
}
