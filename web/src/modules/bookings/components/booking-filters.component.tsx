import { Box, Button, Field, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
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

function Select<T extends string>(props: {
  label: string;
  name: string;
  value: T;
  options: readonly T[];
  labelOf(option: T): string;
  onChange(value: T): void;
}) {
  return (
    <Field.Root>
      <Field.Label>{props.label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          name={props.name}
          value={props.value}
          onChange={(e) => {
            const next = e.currentTarget.value;
            const option = props.options.find((o) => o === next);
            if (option !== undefined) props.onChange(option);
          }}
        >
          {props.options.map((option) => (
            <option key={option} value={option}>
              {props.labelOf(option)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** Search, status, meeting type, date range, sort, Reset: all sent to the server with the list query. */
export function BookingFiltersBar({ filters, onChange, onReset }: BookingFiltersBarProps) {
  const { LL, locale } = useI18nContext();
  const f = LL.bookingsAdmin.filters;
  const set = <K extends keyof BookingFilters>(key: K, value: BookingFilters[K]) => onChange({ ...filters, [key]: value });
  const dateLabels = { all: f.dateAll(), today: f.dateToday(), week: f.dateWeek(), month: f.dateMonth() };
  const sortLabels = { newest: f.sortNewest(), oldest: f.sortOldest(), name: f.sortName(), status: f.sortStatus() };

  return (
    <Box as="section" aria-label={f.label()} bg="bg" borderWidth="1px" borderColor="border.muted" rounded="lg" p={4}>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 6 }} gap={3} alignItems="end">
        <Field.Root gridColumn={{ lg: 'span 2' }}>
          <Field.Label>{f.search()}</Field.Label>
          <Input
            name="search"
            type="search"
            size="sm"
            placeholder={f.searchPlaceholder()}
            value={filters.search}
            onChange={(e) => set('search', e.currentTarget.value)}
          />
        </Field.Root>
        <Select
          label={f.status()}
          name="status"
          value={filters.status}
          options={BOOKING_STATUS_FILTERS}
          labelOf={(o) => (o === 'all' ? f.allStatuses() : LL.bookingStatuses[o]())}
          onChange={(v) => set('status', v)}
        />
        <Select
          label={f.meetingType()}
          name="meetingType"
          value={filters.meetingType}
          options={MEETING_TYPE_FILTERS}
          labelOf={(o) => (o === 'all' ? f.allTypes() : meetingTypeLabel(locale, o))}
          onChange={(v) => set('meetingType', v)}
        />
        <Select
          label={f.dateRange()}
          name="dateRange"
          value={filters.dateRange}
          options={DATE_RANGE_FILTERS}
          labelOf={(o) => dateLabels[o]}
          onChange={(v) => set('dateRange', v)}
        />
        <Select
          label={f.sortBy()}
          name="sortBy"
          value={filters.sortBy}
          options={SORT_OPTIONS}
          labelOf={(o) => sortLabels[o]}
          onChange={(v) => set('sortBy', v)}
        />
      </SimpleGrid>
      <Box mt={3} textAlign="end">
        <Button size="sm" variant="outline" onClick={onReset} data-testid="filters-reset">
          {f.reset()}
        </Button>
      </Box>
    </Box>
  );
}
