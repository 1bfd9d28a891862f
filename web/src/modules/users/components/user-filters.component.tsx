import { Box, Button, Field, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import {
  USER_APPROVAL_FILTERS,
  USER_SORT_OPTIONS,
  USER_STATUS_FILTERS,
  USER_TYPE_FILTERS,
  type UserFilters,
} from '../utils/user-filters.util.ts';

interface UserFiltersBarProps {
  filters: UserFilters;
  onChange(next: UserFilters): void;
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
          data-testid={`users-filter-${props.name}`}
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

/** Search, type, status, approval, sort, Reset (spec 01 Users tab): all sent to the server with the list query. */
export function UserFiltersBar({ filters, onChange, onReset }: UserFiltersBarProps) {
  const { LL } = useI18nContext();
  const f = LL.users.filters;
  const set = <K extends keyof UserFilters>(key: K, value: UserFilters[K]) => onChange({ ...filters, [key]: value });
  const statusLabels = { all: f.allStatuses(), active: f.active(), inactive: f.inactive() };
  const approvalLabels = { all: f.allApprovals(), approved: f.approved(), pending: f.pending() };
  const sortLabels = { newest: f.sortNewest(), oldest: f.sortOldest(), name: f.sortName(), email: f.sortEmail(), type: f.sortType() };

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
            data-testid="users-filter-search"
          />
        </Field.Root>
        <Select
          label={f.type()}
          name="userType"
          value={filters.userType}
          options={USER_TYPE_FILTERS}
          labelOf={(o) => (o === 'all' ? f.allTypes() : LL.admin.roles[o]())}
          onChange={(v) => set('userType', v)}
        />
        <Select label={f.status()} name="status" value={filters.status} options={USER_STATUS_FILTERS} labelOf={(o) => statusLabels[o]} onChange={(v) => set('status', v)} />
        <Select
          label={f.approval()}
          name="approval"
          value={filters.approval}
          options={USER_APPROVAL_FILTERS}
          labelOf={(o) => approvalLabels[o]}
          onChange={(v) => set('approval', v)}
        />
        <Select label={f.sortBy()} name="sortBy" value={filters.sortBy} options={USER_SORT_OPTIONS} labelOf={(o) => sortLabels[o]} onChange={(v) => set('sortBy', v)} />
      </SimpleGrid>
      <Box mt={3} textAlign="end">
        <Button size="sm" variant="outline" onClick={onReset} data-testid="users-filters-reset">
          {f.reset()}
        </Button>
      </Box>
    </Box>
  );
}
