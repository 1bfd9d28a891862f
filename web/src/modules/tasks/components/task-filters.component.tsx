import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { FiltersPanel } from '../../ui/components/filters-panel.component.tsx';
import { LabelledSelect } from '../../ui/components/labelled-select.component.tsx';
import { SearchField } from '../../ui/components/search-field.component.tsx';
import { TASK_PRIORITY_FILTERS, TASK_STATUS_FILTERS, TASK_TYPE_FILTERS, type TaskFilters } from '../utils/task-filters.util.ts';

/** Search plus status, priority and type filters (spec 02 §2), all applied by the server. */
export function TaskFiltersBar({ filters, onChange }: { filters: TaskFilters; onChange(next: TaskFilters): void }) {
  const { LL } = useI18nContext();
  const f = LL.tasks.filters;
  const set = <K extends keyof TaskFilters>(key: K, value: TaskFilters[K]) => onChange({ ...filters, [key]: value });
  return (
    <FiltersPanel label={f.label()} columns={5}>
      <SearchField label={f.search()} placeholder={f.searchPlaceholder()} value={filters.search} onChange={(v) => set('search', v)} testId="task-search" />
      <LabelledSelect
        label={f.status()}
        name="status"
        value={filters.status}
        options={TASK_STATUS_FILTERS}
        labelOf={(o) => (o === 'all' ? f.allStatuses() : LL.tasks.statuses[o]())}
        onChange={(v) => set('status', v)}
        testId="task-filter-status"
      />
      <LabelledSelect
        label={f.priority()}
        name="priority"
        value={filters.priority}
        options={TASK_PRIORITY_FILTERS}
        labelOf={(o) => (o === 'all' ? f.allPriorities() : LL.tasks.priorities[o]())}
        onChange={(v) => set('priority', v)}
        testId="task-filter-priority"
      />
      <LabelledSelect
        label={f.type()}
        name="type"
        value={filters.type}
        options={TASK_TYPE_FILTERS}
        labelOf={(o) => (o === 'all' ? f.allTypes() : LL.tasks.types[o]())}
        onChange={(v) => set('type', v)}
        testId="task-filter-type"
      />
    </FiltersPanel>
  );
}
