import { Box, Field, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { DATE_RANGE_OPTIONS, DEVICE_OPTIONS, STATUS_OPTIONS, type LoginHistoryFilters } from '../utils/login-history-filters.util.ts';

function Select<T extends string>(props: { label: string; name: string; value: T; options: readonly T[]; labelOf(option: T): string; onChange(value: T): void }) {
  return (
    <Field.Root>
      <Field.Label>{props.label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          name={props.name}
          value={props.value}
          onChange={(e) => {
            const option = props.options.find((o) => o === e.currentTarget.value);
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

/** Search, date range, status, device (spec 02: plain selections, no validation). */
export function LoginHistoryFiltersBar({ filters, onChange }: { filters: LoginHistoryFilters; onChange(next: LoginHistoryFilters): void }) {
  const { LL } = useI18nContext();
  const t = LL.loginHistory;
  const set = <K extends keyof LoginHistoryFilters>(key: K, value: LoginHistoryFilters[K]) => onChange({ ...filters, [key]: value });
  const rangeLabels = {
    today: t.dateRanges.today(),
    '7days': t.dateRanges.last7Days(),
    '30days': t.dateRanges.last30Days(),
    '90days': t.dateRanges.last90Days(),
    all: t.dateRanges.all(),
  };
  return (
    <Box as="section" aria-label={t.filters.label()} bg="bg" borderWidth="1px" borderColor="border.muted" rounded="lg" p={4}>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap={3} alignItems="end">
        <Field.Root gridColumn={{ lg: 'span 2' }}>
          <Field.Label>{t.filters.search()}</Field.Label>
          <Input
            name="search"
            type="search"
            size="sm"
            placeholder={t.filters.searchPlaceholder()}
            value={filters.search}
            onChange={(e) => set('search', e.currentTarget.value)}
            data-testid="login-history-search"
          />
        </Field.Root>
        <Select label={t.filters.dateRange()} name="dateRange" value={filters.dateRange} options={DATE_RANGE_OPTIONS} labelOf={(o) => rangeLabels[o]} onChange={(v) => set('dateRange', v)} />
        <Select label={t.filters.status()} name="status" value={filters.status} options={STATUS_OPTIONS} labelOf={(o) => t.statuses[o]()} onChange={(v) => set('status', v)} />
        <Select label={t.filters.device()} name="device" value={filters.device} options={DEVICE_OPTIONS} labelOf={(o) => t.devices[o]()} onChange={(v) => set('device', v)} />
      </SimpleGrid>
    </Box>
  );
}
