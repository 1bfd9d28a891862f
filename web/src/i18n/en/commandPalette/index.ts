import type { BaseTranslation } from '../../i18n-types.ts';

/** The command palette (Ctrl/⌘+K); loaded when it first opens (web/src/modules/search; not named `search`: a namespace's name is reserved as a top-level key of every dictionary, and deals has one). */
const commandPalette = {
  title: 'Search and jump',
  inputLabel: 'Search',
  placeholder: 'Jump to an area or search customers, deals, tasks and bookings',
  placeholderNoBookings: 'Jump to an area or search customers, deals and tasks',
  resultsLabel: 'Areas and search results',
  groups: {
    areas: 'Areas',
    customers: 'Customers',
    deals: 'Deals',
    tasks: 'Tasks',
    bookings: 'Bookings',
  },
  searching: 'Searching…',
  noResults: 'Nothing matches “{term}”.',
  failed: 'The search failed. Keep typing to try again.',
  hint: 'Type at least one letter to search records.',
  keys: {
    move: 'move',
    open: 'open',
    close: 'close',
  },
  goTo: 'Go to {area}',
  noCompany: 'No company',
  noEmail: 'No e-mail',
  noDueDate: 'No due date',
  due: 'Due {date}',
  stages: {
    prospecting: 'Prospecting',
    qualification: 'Qualification',
    proposal: 'Proposal',
    negotiation: 'Negotiation',
    closed_won: 'Closed won',
    closed_lost: 'Closed lost',
  },
  taskStatuses: {
    pending: 'Pending',
    in_progress: 'In progress',
    completed: 'Completed',
    cancelled: 'Cancelled',
  },
  bookingStatuses: {
    pending: 'Pending',
    confirmed: 'Confirmed',
    completed: 'Completed',
    cancelled: 'Cancelled',
  },
} satisfies BaseTranslation;

export default commandPalette;
