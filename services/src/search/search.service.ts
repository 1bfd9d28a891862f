/**
 * The command palette's search (issue 12 §3): one query over customers, deals, tasks and bookings. Transport-free:
 * the caller's reach comes in as a CrmActor (own scope: the records assigned to them) and whether they may read
 * bookings (`bookings:read`); the edge decides neither.
 */
import type pg from 'pg';
import type { CrmActor, SearchInput, SearchResults } from '@crm/contracts';
import { searchRecords } from '@crm/projections';

export interface SearchServiceDeps {
  pool: pg.Pool;
}

export interface SearchService {
  /** Each kind newest first, at most `input.limit` of each; bookings only when `mayReadBookings`. */
  search(actor: CrmActor, mayReadBookings: boolean, input: SearchInput): Promise<SearchResults>;
}

export function createSearchService({ pool }: SearchServiceDeps): SearchService {
  return {
    search(actor, mayReadBookings, input) {
      return searchRecords(pool, {
        term: input.q,
        limit: input.limit,
        ownerId: actor.scope === 'all' ? null : actor.userId,
        includeBookings: mayReadBookings,
      });
    },
  };
}
