import { Box, Button } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { FiltersPanel } from '../../ui/components/filters-panel.component.tsx';
import { LabelledSelect } from '../../ui/components/labelled-select.component.tsx';
import { SearchField } from '../../ui/components/search-field.component.tsx';
import { CUSTOMER_SORT_OPTIONS, CUSTOMER_SOURCE_FILTERS, CUSTOMER_STATUS_FILTERS, type CustomerFilters } from '../utils/customer-filters.util.ts';

interface CustomerFiltersBarProps {
  filters: CustomerFilters;
  onChange(next: CustomerFilters): void;
  /** Admins: the "Show deleted" switch. */
  deletedSwitch: { on: boolean; onChange(on: boolean): void } | null;
}

/** Search (name, email or company), status and source (spec 02 §2 Customers): all sent to the server. */
export function CustomerFiltersBar({ filters, onChange, deletedSwitch }: CustomerFiltersBarProps) {
  const { LL } = useI18nContext();
  const f = LL.customers.filters;
  const set = <K extends keyof CustomerFilters>(key: K, value: CustomerFilters[K]) => onChange({ ...filters, [key]: value });
  return (
    <FiltersPanel label={f.label()} columns={deletedSwitch ? 6 : 5}>
      <SearchField label={f.search()} placeholder={f.searchPlaceholder()} value={filters.search} onChange={(v) => set('search', v)} testId="customers-filter-search" />
      <LabelledSelect
        label={f.status()}
        name="status"
        value={filters.status}
        options={CUSTOMER_STATUS_FILTERS}
        labelOf={(o) => (o === 'all' ? f.allStatuses() : LL.customers.statuses[o]())}
        onChange={(v) => set('status', v)}
        testId="customers-filter-status"
      />
      <LabelledSelect
        label={f.source()}
        name="leadSource"
        value={filters.leadSource}
        options={CUSTOMER_SOURCE_FILTERS}
        labelOf={(o) => (o === 'all' ? f.allSources() : LL.customers.sources[o]())}
        onChange={(v) => set('leadSource', v)}
        testId="customers-filter-source"
      />
      <LabelledSelect
        label={f.sortBy()}
        name="sort"
        value={filters.sort}
        options={CUSTOMER_SORT_OPTIONS}
        labelOf={(o) => f.sorts[o]()}
        onChange={(v) => set('sort', v)}
        testId="customers-filter-sort"
      />
      {deletedSwitch ? (
        <Box alignSelf="end">
          <Button
            size="sm"
            variant={deletedSwitch.on ? 'solid' : 'outline'}
            colorPalette={deletedSwitch.on ? 'red' : 'gray'}
            aria-pressed={deletedSwitch.on}
            onClick={() => deletedSwitch.onChange(!deletedSwitch.on)}
            data-testid="customers-show-deleted"
            data-on={String(deletedSwitch.on)}
          >
            {LL.customers.showDeleted()}
          </Button>
        </Box>
      ) : null}
    </FiltersPanel>
  );
}
