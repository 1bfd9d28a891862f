import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { FiltersPanel } from '../../ui/components/filters-panel.component.tsx';
import { LabelledSelect } from '../../ui/components/labelled-select.component.tsx';
import { SearchField } from '../../ui/components/search-field.component.tsx';
import { DATE_RANGE_OPTIONS, DEVICE_OPTIONS, STATUS_OPTIONS, type LoginHistoryFilters } from '../utils/login-history-filters.util.ts';

/** Search, date range, status, device (spec 02: plain selections, no validation). */
export function LoginHistoryFiltersBar({ filters, onChange }: { filters: LoginHistoryFilters; onChange(next: LoginHistoryFilters): void }) {
  const { LL } = useI18nContext();
  const t = LL.security;
  const set = <K extends keyof LoginHistoryFilters>(key: K, value: LoginHistoryFilters[K]) => onChange({ ...filters, [key]: value });
  const rangeLabels = {
    today: t.dateRanges.today(),
    '7days': t.dateRanges.last7Days(),
    '30days': t.dateRanges.last30Days(),
    '90days': t.dateRanges.last90Days(),
    all: t.dateRanges.all(),
  };
  return (
    <FiltersPanel label={t.filters.label()} columns={5}>
      <SearchField
        label={t.filters.search()}
        placeholder={t.filters.searchPlaceholder()}
        value={filters.search}
        onChange={(v) => set('search', v)}
        testId="login-history-search"
      />
      <LabelledSelect label={t.filters.dateRange()} name="dateRange" value={filters.dateRange} options={DATE_RANGE_OPTIONS} labelOf={(o) => rangeLabels[o]} onChange={(v) => set('dateRange', v)} />
      <LabelledSelect label={t.filters.status()} name="status" value={filters.status} options={STATUS_OPTIONS} labelOf={(o) => t.statuses[o]()} onChange={(v) => set('status', v)} />
      <LabelledSelect label={t.filters.device()} name="device" value={filters.device} options={DEVICE_OPTIONS} labelOf={(o) => t.devices[o]()} onChange={(v) => set('device', v)} />
    </FiltersPanel>
  );
}
