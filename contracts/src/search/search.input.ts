import { z } from 'zod';
import type { BookingStatus } from '../bookings/booking.constants.ts';
import type { DealStage, TaskStatus } from '../crm/crm.constants.ts';

/** Longest search text of the command palette's query. */
export const SEARCH_QUERY_MAX = 100;
/** Most results per kind (customers, deals, tasks, bookings) one query may ask for; 5 by default. */
export const SEARCH_LIMIT_MAX = 20;
export const SEARCH_LIMIT_DEFAULT = 5;

const limitMessage = `must be a whole number from 1 to ${SEARCH_LIMIT_MAX}`;

/**
 * The command palette's one query (tRPC `search.query`, REST `GET /api/crm/search?q=`): customers, deals,
 * tasks and bookings whose name, title, e-mail or company contains `q` (case-insensitive), at most `limit` of
 * each kind, within the caller's reach. NUL characters are refused at the edge like every input.
 */
export const searchInput = z.object({
  q: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(SEARCH_QUERY_MAX, `must be at most ${SEARCH_QUERY_MAX} characters`),
  // Coerced: the REST route reads it from the query string.
  limit: z.coerce.number({ error: limitMessage }).int(limitMessage).min(1, limitMessage).max(SEARCH_LIMIT_MAX, limitMessage).default(SEARCH_LIMIT_DEFAULT),
});
export type SearchInput = z.output<typeof searchInput>;
export type SearchPayload = z.input<typeof searchInput>;

export interface SearchCustomerHit {
  id: string;
  name: string;
  email: string | null;
  company: string | null;
}

export interface SearchDealHit {
  id: string;
  title: string;
  /** The deal's customer's name (null when the customer is gone from the read model). */
  customerName: string | null;
  value: number;
  stage: DealStage;
}

export interface SearchTaskHit {
  id: string;
  title: string;
  status: TaskStatus;
  /** ISO date-time, or null. */
  dueDate: string | null;
}

export interface SearchBookingHit {
  id: string;
  name: string;
  email: string;
  company: string | null;
  /** The visitor's preferred date `YYYY-MM-DD` and time `HH:MM` (in the booking's time zone). */
  date: string;
  time: string;
  status: BookingStatus;
}

/** What one search answers: each kind newest first; `bookings` is empty for a caller who may not read bookings. */
export interface SearchResults {
  customers: SearchCustomerHit[];
  deals: SearchDealHit[];
  tasks: SearchTaskHit[];
  bookings: SearchBookingHit[];
}
