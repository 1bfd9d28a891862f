import { Button } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { FiltersPanel } from '../../ui/components/filters-panel.component.tsx';
import { LabelledSelect } from '../../ui/components/labelled-select.component.tsx';
import { SearchField } from '../../ui/components/search-field.component.tsx';
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

/** Search, type, status, approval, sort, Reset (spec 01 Users tab): all sent to the server with the list query. */
export function UserFiltersBar({ filters, onChange, onReset }: UserFiltersBarProps) {
  const { LL } = useI18nContext();
  const f = LL.users.filters;
  const set = <K extends keyof UserFilters>(key: K, value: UserFilters[K]) => onChange({ ...filters, [key]: value });
  const statusLabels = { all: f.allStatuses(), active: f.active(), inactive: f.inactive() };
  const approvalLabels = { all: f.allApprovals(), approved: f.approved(), pending: f.pending() };
  const sortLabels = { newest: f.sortNewest(), oldest: f.sortOldest(), name: f.sortName(), email: f.sortEmail(), type: f.sortType() };

  return (
    <FiltersPanel
      label={f.label()}
      columns={6}
      footer={
        <Button size="sm" variant="outline" onClick={onReset} data-testid="users-filters-reset">
          {f.reset()}
        </Button>
      }
    >
      <SearchField
        label={f.search()}
        placeholder={f.searchPlaceholder()}
        value={filters.search}
        onChange={(v) => set('search', v)}
        testId="users-filter-search"
      />
      <LabelledSelect
        label={f.type()}
        name="userType"
        value={filters.userType}
        options={USER_TYPE_FILTERS}
        labelOf={(o) => (o === 'all' ? f.allTypes() : LL.admin.roles[o]())}
        onChange={(v) => set('userType', v)}
        testId="users-filter-userType"
      />
      <LabelledSelect
        label={f.status()}
        name="status"
        value={filters.status}
        options={USER_STATUS_FILTERS}
        labelOf={(o) => statusLabels[o]}
        onChange={(v) => set('status', v)}
        testId="users-filter-status"
      />
      <LabelledSelect
        label={f.approval()}
        name="approval"
        value={filters.approval}
        options={USER_APPROVAL_FILTERS}
        labelOf={(o) => approvalLabels[o]}
        onChange={(v) => set('approval', v)}
        testId="users-filter-approval"
      />
      <LabelledSelect
        label={f.sortBy()}
        name="sortBy"
        value={filters.sortBy}
        options={USER_SORT_OPTIONS}
        labelOf={(o) => sortLabels[o]}
        onChange={(v) => set('sortBy', v)}
        testId="users-filter-sortBy"
      />
    </FiltersPanel>
  );
}
