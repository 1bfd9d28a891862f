/**
 * The command palette's search (issue 12 §3): one query over customers, deals, tasks and bookings. Transport-free:
 * the service decides the caller's reach from who they are (the permission matrix): `crm:own` the records
 * assigned to them, `crm:all` everyone's, and bookings only with `bookings:read`.
 */
import type pg from 'pg';
import { can, crmActor, type SearchInput, type SearchResults, type UserType } from '@crm/contracts';
import { searchRecords } from '@crm/projections';

export interface SearchServiceDeps {
  pool: pg.Pool;
}

export interface SearchService {
  /** Each kind newest first, at most `input.limit` of each, within the caller's reach. */
  search(caller: { id: string; userType: UserType }, input: SearchInput): Promise<SearchResults>;
}

export function createSearchService({ pool }: SearchServiceDeps): SearchService {
  return {
    search(caller, input) {
      const actor = crmActor(caller);
      return searchRecords(pool, {
        term: input.q,
        limit: input.limit,
        ownerId: actor.scope === 'all' ? null : actor.userId,
        includeBookings: can(caller.userType, 'bookings:read'),
      });
    },
  };
}
