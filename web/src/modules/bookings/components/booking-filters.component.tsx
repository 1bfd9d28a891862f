import { Button } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { FiltersPanel } from '../../ui/components/filters-panel.component.tsx';
import { LabelledSelect } from '../../ui/components/labelled-select.component.tsx';
import { SearchField } from '../../ui/components/search-field.component.tsx';
import {
  BOOKING_STATUS_FILTERS,
  DATE_RANGE_FILTERS,
  MEETING_TYPE_FILTERS,
  SORT_OPTIONS,
  type BookingFilters,
} from '../utils/booking-filters.util.ts';
import { meetingTypeLabel } from '../utils/meeting-type-label.util.ts';

interface BookingFiltersBarProps {
  filters: BookingFilters;
  onChange(next: BookingFilters): void;
  onReset(): void;
}

/** Search, status, meeting type, date range, sort, Reset: all sent to the server with the list query. */
export function BookingFiltersBar({ filters, onChange, onReset }: BookingFiltersBarProps) {
  const { LL, locale } = useI18nContext();
  const f = LL.bookingsAdmin.filters;
  const set = <K extends keyof BookingFilters>(key: K, value: BookingFilters[K]) => onChange({ ...filters, [key]: value });
  const dateLabels = { all: f.dateAll(), today: f.dateToday(), week: f.dateWeek(), month: f.dateMonth() };
  const sortLabels = { newest: f.sortNewest(), oldest: f.sortOldest(), name: f.sortName(), status: f.sortStatus() };

  return (
    <FiltersPanel
      label={f.label()}
      columns={6}
      footer={
        <Button size="sm" variant="outline" onClick={onReset} data-testid="filters-reset">
          {f.reset()}
        </Button>
      }
    >
      <SearchField label={f.search()} placeholder={f.searchPlaceholder()} value={filters.search} onChange={(v) => set('search', v)} />
      <LabelledSelect
        label={f.status()}
        name="status"
        value={filters.status}
        options={BOOKING_STATUS_FILTERS}
        labelOf={(o) => (o === 'all' ? f.allStatuses() : LL.bookingStatuses[o]())}
        onChange={(v) => set('status', v)}
      />
      <LabelledSelect
        label={f.meetingType()}
        name="meetingType"
        value={filters.meetingType}
        options={MEETING_TYPE_FILTERS}
        labelOf={(o) => (o === 'all' ? f.allTypes() : meetingTypeLabel(locale, o))}
        onChange={(v) => set('meetingType', v)}
      />
      <LabelledSelect
        label={f.dateRange()}
        name="dateRange"
        value={filters.dateRange}
        options={DATE_RANGE_FILTERS}
        labelOf={(o) => dateLabels[o]}
        onChange={(v) => set('dateRange', v)}
      />
      <LabelledSelect
        label={f.sortBy()}
        name="sortBy"
        value={filters.sortBy}
        options={SORT_OPTIONS}
        labelOf={(o) => sortLabels[o]}
        onChange={(v) => set('sortBy', v)}
      />
    </FiltersPanel>
  );
}
