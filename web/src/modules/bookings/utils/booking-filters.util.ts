import type { BookingListInput } from '@crm/contracts';

// Option lists of the bookings filters. Kept here (not imported from the contracts' zod module) so the admin
// chunk does not carry zod; the `satisfies` and the exhaustiveness checks below keep them in step with the API.
export const BOOKING_STATUS_FILTERS = ['all', 'pending', 'confirmed', 'completed', 'cancelled'] as const satisfies readonly BookingListInput['status'][];
export const MEETING_TYPE_FILTERS = ['all', 'demo', 'consultation', 'sales', 'technical', 'partnership'] as const satisfies readonly BookingListInput['meetingType'][];
export const DATE_RANGE_FILTERS = ['all', 'today', 'week', 'month'] as const satisfies readonly BookingListInput['dateRange'][];
export const SORT_OPTIONS = ['newest', 'oldest', 'name', 'status'] as const satisfies readonly BookingListInput['sortBy'][];

type Covers<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : false;
const exhaustive: [
  Covers<BookingListInput['status'], (typeof BOOKING_STATUS_FILTERS)[number]>,
  Covers<BookingListInput['meetingType'], (typeof MEETING_TYPE_FILTERS)[number]>,
  Covers<BookingListInput['dateRange'], (typeof DATE_RANGE_FILTERS)[number]>,
  Covers<BookingListInput['sortBy'], (typeof SORT_OPTIONS)[number]>,
] = [true, true, true, true];
void exhaustive;

/** What the filter bar edits; the page is kept beside it (a filter change goes back to page 1). */
export type BookingFilters = Omit<BookingListInput, 'page' | 'pageSize'>;

/** Bookings per page in the admin table. */
export const BOOKINGS_PAGE_SIZE = 50;

export const DEFAULT_BOOKING_FILTERS: BookingFilters = {
  search: '',
  status: 'all',
  meetingType: 'all',
  dateRange: 'all',
  sortBy: 'newest',
};

/** Any filter narrowing the list (the sort order does not): the total counter then reads 'Filtered Results'. */
export function isAnyBookingFilterActive(filters: BookingFilters): boolean {
  return (
    filters.search.trim() !== '' || filters.status !== 'all' || filters.meetingType !== 'all' || filters.dateRange !== 'all'
  );
}
