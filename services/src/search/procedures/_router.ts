import { searchInput } from '@crm/contracts';
import { procedure, router } from '../../trpc/trpc.ts';
import { queryHandler } from './query.handler.ts';

/** The command palette's search (issue 12 §3). Record-level scope and the bookings permission in the service. */
export const searchRouter = router({
  /** Customers, deals, tasks and bookings matching `q` (name, title, e-mail or company), at most `limit` of each. */
  query: procedure('crm:own').input(searchInput).query(queryHandler),
});
