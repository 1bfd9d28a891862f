import type { SearchBookingHit, SearchCustomerHit, SearchDealHit, SearchResults, SearchTaskHit } from '@crm/contracts/search/search.input';
import { customerPath } from '../../customers/utils/customer-links.util.ts';
import { dealPath } from '../../deals/utils/deal-links.util.ts';
import { taskPath } from '../../tasks/utils/task-links.util.ts';

/** An admin area the palette can jump to (the shell passes the areas the user's role may open). */
export interface PaletteArea {
  id: string;
  path: string;
  label: string;
}

/** One choosable row of the palette: where choosing it goes, and what it shows. */
export type PaletteItem =
  | { kind: 'area'; key: string; path: string; area: PaletteArea }
  | { kind: 'customer'; key: string; path: string; hit: SearchCustomerHit }
  | { kind: 'deal'; key: string; path: string; hit: SearchDealHit }
  | { kind: 'task'; key: string; path: string; hit: SearchTaskHit }
  | { kind: 'booking'; key: string; path: string; hit: SearchBookingHit };

export type PaletteGroupKey = 'areas' | 'customers' | 'deals' | 'tasks' | 'bookings';

export interface PaletteGroup {
  key: PaletteGroupKey;
  items: PaletteItem[];
}

/** Bookings have no deep link yet: their area. */
export const BOOKINGS_PATH = '/admin/bookings';

/** The areas whose label contains `text` (case-insensitive in `locale`); every area for an empty text. */
export function filterAreas(areas: readonly PaletteArea[], text: string, locale: string): PaletteArea[] {
  const needle = text.trim().toLocaleLowerCase(locale);
  if (!needle) return [...areas];
  return areas.filter((area) => area.label.toLocaleLowerCase(locale).includes(needle) || area.id.toLowerCase().includes(needle));
}

/** The palette's groups in display order (areas, customers, deals, tasks, bookings), empty ones left out. */
export function paletteGroups(areas: readonly PaletteArea[], results: SearchResults | null): PaletteGroup[] {
  const groups: PaletteGroup[] = [
    { key: 'areas', items: areas.map((area) => ({ kind: 'area', key: `area-${area.id}`, path: area.path, area })) },
    { key: 'customers', items: (results?.customers ?? []).map((hit) => ({ kind: 'customer', key: `customer-${hit.id}`, path: customerPath(hit.id), hit })) },
    { key: 'deals', items: (results?.deals ?? []).map((hit) => ({ kind: 'deal', key: `deal-${hit.id}`, path: dealPath(hit.id), hit })) },
    { key: 'tasks', items: (results?.tasks ?? []).map((hit) => ({ kind: 'task', key: `task-${hit.id}`, path: taskPath(hit.id), hit })) },
    { key: 'bookings', items: (results?.bookings ?? []).map((hit) => ({ kind: 'booking', key: `booking-${hit.id}`, path: BOOKINGS_PATH, hit })) },
  ];
  return groups.filter((group) => group.items.length > 0);
}
