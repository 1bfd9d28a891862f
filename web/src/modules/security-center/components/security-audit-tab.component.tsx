import { Badge, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { AuditEntryRow as AuditLogEntry } from '../../audit/utils/audit-entry.types.ts';
import type { RiskLevel } from '@crm/contracts/platform/audit';
import { useMemo, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { OutcomeBadge, RiskBadge } from '../../audit/components/audit-badges.component.tsx';
import { AUDIT_RISK_OPTIONS } from '../../audit/utils/audit-filters.util.ts';
import { actionLabel, entityLabel, formatAuditTime, shortId } from '../../audit/utils/audit-format.util.ts';
import { AuditActor } from '../../audit/components/audit-actor.component.tsx';
import { DataTable } from '../../ui/components/data-table.component.tsx';
import { FiltersPanel } from '../../ui/components/filters-panel.component.tsx';
import { LabelledSelect } from '../../ui/components/labelled-select.component.tsx';
import { LoadErrorAlert } from '../../ui/components/load-error-alert.component.tsx';
import { Pager } from '../../ui/components/pager.component.tsx';
import { SearchField } from '../../ui/components/search-field.component.tsx';
import { usePagedFilters } from '../../ui/hooks/use-paged-filters.hook.ts';
import { useAuditLive } from '../hooks/use-audit-live.hook.ts';
import { useSecurityAuditLog } from '../hooks/use-security-audit-log.hook.ts';
import { mergeEntries } from '../utils/live-entries.util.ts';
import { AUDIT_WINDOWS, DEFAULT_AUDIT_WINDOW, SECURITY_AUDIT_PAGE_SIZE, type AuditWindow } from '../utils/security-tabs.util.ts';
import { AuditEntryDialog } from './audit-entry-dialog.component.tsx';

interface Filters {
  search: string;
  window: AuditWindow;
  risk: 'all' | RiskLevel;
}

/**
 * The Audit Logs tab (spec 02): search (user, action, IP), time window (24 h by default), risk; time, user and
 * role, action, resource, IP, outcome and risk per row; a row opens its detail. With Real-time on, new entries
 * appear at the top as they are written (on the first page), without reloading.
 */
export function SecurityAuditTab({ realtime }: { realtime: boolean }) {
  const { LL, locale } = useI18nContext();
  const t = LL.auditLog;
  const s = LL.securityCenter.audit;
  const { filters, setFilters, page, setPage, search } = usePagedFilters<Filters>({ search: '', window: DEFAULT_AUDIT_WINDOW, risk: 'all' });
  const log = useSecurityAuditLog({ ...filters, search }, page);
  const live = useAuditLive(realtime && page === 1, { search, risk: filters.risk }, page === 1 ? (log.data?.data[0]?.position ?? null) : null);
  const [selected, setSelected] = useState<AuditLogEntry | null>(null);
  const rows = useMemo(() => (log.data ? mergeEntries(page === 1 ? live.entries : [], log.data.data) : undefined), [log.data, live.entries, page]);
  const liveIds = useMemo(() => new Set(live.entries.map((e) => e.id)), [live.entries]);
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => setFilters({ ...filters, [key]: value });
  const columns = [t.table.time(), t.table.user(), t.table.action(), t.table.resource(), t.table.ipAddress(), t.table.outcome(), t.table.risk()];

  const renderRow = (entry: AuditLogEntry) => {
    return (
      <Table.Row
        key={entry.id}
        data-testid="security-audit-row"
        data-entry-id={entry.id}
        data-live={liveIds.has(entry.id) || undefined}
        cursor="pointer"
        tabIndex={0}
        onClick={() => setSelected(entry)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            setSelected(entry);
          }
        }}
      >
        <Table.Cell whiteSpace="nowrap">{formatAuditTime(locale, entry.timestamp)}</Table.Cell>
        <Table.Cell>
          <AuditActor entry={entry} />
        </Table.Cell>
        <Table.Cell whiteSpace="nowrap" data-testid="security-audit-action">
          {actionLabel(t, entry.action)}
        </Table.Cell>
        <Table.Cell>
          <Stack gap={0}>
            <Text>{entityLabel(t, entry.entity)}</Text>
            {entry.entityId ? (
              <Text fontSize="xs" color="fg.muted" fontFamily="mono" title={entry.entityId}>
                <bdi dir="ltr">{shortId(entry.entityId)}</bdi>
              </Text>
            ) : null}
          </Stack>
        </Table.Cell>
        <Table.Cell>
          <bdi dir="ltr">{entry.ipAddress ?? '–'}</bdi>
        </Table.Cell>
        <Table.Cell>
          <OutcomeBadge outcome={entry.outcome} />
        </Table.Cell>
        <Table.Cell>
          <RiskBadge risk={entry.riskLevel} />
        </Table.Cell>
      </Table.Row>
    );
  };

  return (
    <Stack gap={4} data-testid="security-audit-tab">
      <FiltersPanel label={t.filters.label()} columns={4}>
        <SearchField label={t.filters.search()} placeholder={s.searchPlaceholder()} value={filters.search} onChange={(v) => set('search', v)} testId="security-audit-search" />
        <LabelledSelect label={s.window()} name="window" value={filters.window} options={AUDIT_WINDOWS} labelOf={(o) => s.windows[o]()} onChange={(v) => set('window', v)} testId="security-audit-window" />
        <LabelledSelect label={t.filters.risk()} name="risk" value={filters.risk} options={AUDIT_RISK_OPTIONS} labelOf={(o) => t.risks[o]()} onChange={(v) => set('risk', v)} testId="security-audit-risk" />
      </FiltersPanel>
      <HStack gap={2} justify="flex-end" fontSize="sm" aria-live="polite">
        <Badge colorPalette={realtime && live.status === 'pending' ? 'green' : 'gray'} variant="subtle" data-testid="security-live-status" data-status={live.status}>
          {!realtime ? s.paused() : live.status === 'pending' ? s.live() : s.liveConnecting()}
        </Badge>
        {live.entries.length > 0 ? (
          <Text color="fg.muted" data-testid="security-live-count">
            {s.newEntries({ count: live.entries.length })}
          </Text>
        ) : null}
      </HStack>
      {log.isError ? (
        <LoadErrorAlert title={t.loadFailed()} onRetry={() => void log.refetch()} testId="security-audit-error" />
      ) : (
        <>
          <DataTable
            testId="security-audit-table"
            caption={t.table.caption()}
            columns={columns}
            interactive
            rows={rows}
            loading={log.isPending}
            loadingState={{ text: t.loading(), testId: 'security-audit-loading' }}
            emptyState={{ text: t.empty(), testId: 'security-audit-empty' }}
            renderRow={renderRow}
          />
          {log.data ? <Pager page={page} pageSize={SECURITY_AUDIT_PAGE_SIZE} total={log.data.total} labels={t.pager} testId="security-audit-pager" onPage={setPage} /> : null}
        </>
      )}
      <AuditEntryDialog entry={selected} onClose={() => setSelected(null)} />
    </Stack>
  );
}
