import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { FiltersPanel } from '../../ui/components/filters-panel.component.tsx';
import { LabelledSelect } from '../../ui/components/labelled-select.component.tsx';
import { SearchField } from '../../ui/components/search-field.component.tsx';
import { AUDIT_ACTION_OPTIONS, AUDIT_DATE_RANGE_OPTIONS, AUDIT_ENTITY_OPTIONS, type AuditLogFilters } from '../utils/audit-filters.util.ts';
import { actionLabel, entityLabel } from '../utils/audit-format.util.ts';

/** Search, date range, action and entity (spec 02: plain selections, no validation). */
export function AuditLogFiltersBar({ filters, onChange }: { filters: AuditLogFilters; onChange(next: AuditLogFilters): void }) {
  const { LL } = useI18nContext();
  const t = LL.auditLog;
  const set = <K extends keyof AuditLogFilters>(key: K, value: AuditLogFilters[K]) => onChange({ ...filters, [key]: value });
  return (
    <FiltersPanel label={t.filters.label()} columns={5}>
      <SearchField label={t.filters.search()} placeholder={t.filters.searchPlaceholder()} value={filters.search} onChange={(v) => set('search', v)} testId="audit-search" />
      <LabelledSelect
        label={t.filters.dateRange()}
        name="dateRange"
        value={filters.dateRange}
        options={AUDIT_DATE_RANGE_OPTIONS}
        labelOf={(o) => t.dateRanges[o]()}
        onChange={(v) => set('dateRange', v)}
        testId="audit-date-range"
      />
      <LabelledSelect
        label={t.filters.action()}
        name="action"
        value={filters.action}
        options={AUDIT_ACTION_OPTIONS}
        labelOf={(o) => actionLabel(t, o)}
        onChange={(v) => set('action', v)}
        testId="audit-action-filter"
      />
      <LabelledSelect
        label={t.filters.entity()}
        name="entity"
        value={filters.entity}
        options={AUDIT_ENTITY_OPTIONS}
        labelOf={(o) => entityLabel(t, o)}
        onChange={(v) => set('entity', v)}
        testId="audit-entity-filter"
      />
    </FiltersPanel>
  );
}
