import { Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { useSearch } from 'wouter';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { AdminAreaPanelProps } from '../../auth/utils/admin-area.types.ts';
import { LoadErrorAlert } from '../../ui/components/load-error-alert.component.tsx';
import { Pager } from '../../ui/components/pager.component.tsx';
import { usePagedFilters } from '../../ui/hooks/use-paged-filters.hook.ts';
import { toast, toastError } from '../../ui/utils/app-toaster.util.ts';
import { useAuditLog } from '../hooks/use-audit-log.hook.ts';
import { useExportAuditLog } from '../hooks/use-export-audit-log.hook.ts';
import { AUDIT_LOG_PAGE_SIZE, filtersFromQuery, type AuditLogFilters } from '../utils/audit-filters.util.ts';
import { AuditLogFiltersBar } from './audit-log-filters.component.tsx';
import { AuditLogTable } from './audit-log-table.component.tsx';
import { AuditLogTiles } from './audit-log-tiles.component.tsx';

/**
 * The Audit Log viewer (issue 14; spec 02 "Audit Log viewer"): search, date range, action and entity; the four
 * tiles; entries paged by the server, each expanding to its per-field changes, IP address and user agent;
 * Refresh; Export CSV (`audit-log-{date}.csv`, streamed by the server). A failed load says so with Retry.
 */
export default function AuditLogArea(_props: AdminAreaPanelProps) {
  const { LL } = useI18nContext();
  const t = LL.auditLog;
  // A link may carry filters (`?search=<id>`: an alert's related entries); read once, when the viewer opens.
  const query = useSearch();
  const [initial] = useState(() => filtersFromQuery(query));
  const { filters, setFilters, page, setPage, search } = usePagedFilters<AuditLogFilters>(initial);
  const effective = { ...filters, search };
  const log = useAuditLog(effective, page, AUDIT_LOG_PAGE_SIZE);
  const onExported = useCallback(() => toast({ type: 'success', title: t.toasts.exportTitle(), description: t.toasts.exported() }), [t]);
  const onExportFailed = useCallback(() => toastError(LL, t.toasts.exportFailed()), [LL, t]);
  const { exportCsv, exporting } = useExportAuditLog({ onExported, onFailed: onExportFailed });
  const refresh = () => void log.refetch();
  const failed = log.isError;

  return (
    <Stack gap={5} data-testid="audit-log">
      <HStack justify="space-between" align="flex-start" wrap="wrap" gap={3}>
        <Stack gap={1}>
          <Heading as="h2" size="lg">
            {t.title()}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {t.subtitle()}
          </Text>
        </Stack>
        <HStack gap={2}>
          <Button size="sm" variant="outline" onClick={refresh} loading={log.isFetching && !log.isPending} data-testid="audit-refresh">
            {t.refresh()}
          </Button>
          <Button size="sm" colorPalette="blue" onClick={() => void exportCsv(effective)} loading={exporting} data-testid="audit-export">
            {t.exportCsv()}
          </Button>
        </HStack>
      </HStack>
      <AuditLogFiltersBar filters={filters} onChange={setFilters} />
      <AuditLogTiles tiles={failed ? undefined : log.data?.tiles} />
      {failed ? (
        <LoadErrorAlert title={t.loadFailed()} onRetry={refresh} testId="audit-error" />
      ) : (
        <>
          <AuditLogTable entries={log.data?.data} loading={log.isPending} />
          {log.data ? <Pager page={page} pageSize={AUDIT_LOG_PAGE_SIZE} total={log.data.total} labels={t.pager} testId="audit-pager" onPage={setPage} /> : null}
        </>
      )}
    </Stack>
  );
}
