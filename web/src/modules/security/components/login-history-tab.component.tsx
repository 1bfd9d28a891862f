import { Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useCallback, useMemo } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { ApiFailure } from '../../api/api-error.util.ts';
import { serverMessage } from '../../api/server-message.util.ts';
import type { SessionUser } from '../../api/trpc.client.ts';
import { LoadErrorAlert } from '../../ui/components/load-error-alert.component.tsx';
import { Pager } from '../../ui/components/pager.component.tsx';
import { usePagedFilters } from '../../ui/hooks/use-paged-filters.hook.ts';
import { useBlockIp } from '../hooks/use-block-ip.hook.ts';
import { useBlockedIps } from '../hooks/use-blocked-ips.hook.ts';
import { useExportLoginHistory } from '../hooks/use-export-login-history.hook.ts';
import { useLoginHistory } from '../hooks/use-login-history.hook.ts';
import { useUnblockIp } from '../hooks/use-unblock-ip.hook.ts';
import { DEFAULT_LOGIN_HISTORY_FILTERS, MANAGE_SECURITY, type LoginHistoryFilters, type LoginHistoryRow } from '../utils/login-history-filters.util.ts';
import { notify } from '../utils/security-toaster.util.ts';
import { BlockedIpsPanel } from './blocked-ips-panel.component.tsx';
import { LoginAttemptsChart } from './login-attempts-chart.component.tsx';
import { LoginHistoryFiltersBar } from './login-history-filters.component.tsx';
import { LoginHistoryTable } from './login-history-table.component.tsx';
import { LoginHistoryTiles } from './login-history-tiles.component.tsx';
import { SecurityToaster } from './security-toaster.component.tsx';

/**
 * The Login History tab (spec 02 "Login History viewer"): search, date range, status and device; the four
 * tiles; attempts per day; the table with Block IP on failed and suspicious rows; Refresh; Export CSV; the
 * blocked addresses with Unblock.
 */
export function LoginHistoryTab({ user }: { user: SessionUser }) {
  const canManage = user.permissions.includes(MANAGE_SECURITY);
  const { LL } = useI18nContext();
  const t = LL.security;
  const { filters, setFilters, page, setPage, search } = usePagedFilters<LoginHistoryFilters>(DEFAULT_LOGIN_HISTORY_FILTERS);
  const effective = { ...filters, search };
  const history = useLoginHistory(effective, page);
  const blocked = useBlockedIps();
  const blockedSet = useMemo(() => new Set((blocked.data?.blockedIps ?? []).map((b) => b.ip)), [blocked.data]);

  const errorToast = useCallback(
    (fallback: string) => (failure: ApiFailure) =>
      notify({ type: 'error', title: LL.common.error(), description: (failure.kind === 'server' ? serverMessage(failure, LL) : null) ?? fallback }),
    [LL, t],
  );
  const onBlocked = useCallback((ip: string) => notify({ type: 'success', title: t.toasts.ipBlockedTitle(), description: t.toasts.ipBlocked({ ip }) }), [t]);
  const onUnblocked = useCallback(
    (ip: string) => notify({ type: 'success', title: t.toasts.ipUnblockedTitle(), description: t.toasts.ipUnblocked({ ip }) }),
    [t],
  );
  const onBlockFailed = useMemo(() => errorToast(t.toasts.blockFailed()), [errorToast, t]);
  const onUnblockFailed = useMemo(() => errorToast(t.toasts.unblockFailed()), [errorToast, t]);
  const { block, pendingIp: blocking } = useBlockIp({ onBlocked, onFailed: onBlockFailed });
  const { unblock, pendingIp: unblocking } = useUnblockIp({ onUnblocked, onFailed: onUnblockFailed });
  const onExported = useCallback(() => notify({ type: 'success', title: t.toasts.exportTitle(), description: t.toasts.exported() }), [t]);
  const onExportFailed = useCallback(() => notify({ type: 'error', title: LL.common.error(), description: t.toasts.exportFailed() }), [LL, t]);
  const { exportCsv, exporting } = useExportLoginHistory({ onExported, onFailed: onExportFailed });

  const blockRow = (row: LoginHistoryRow) => {
    if (!row.ip_address) return;
    void block({ ip: row.ip_address, reason: t.blockReason({ status: t.statuses[row.status](), email: row.user_email }).slice(0, 200), loginId: row.id });
  };
  const refresh = () => void Promise.all([history.refetch(), blocked.refetch()]);

  // Spec 02 §8: on failure the message is shown and the list emptied.
  const failed = history.isError;

  return (
    <Stack gap={5}>
      <SecurityToaster />
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
          <Button size="sm" variant="outline" onClick={refresh} loading={history.isFetching && !history.isPending} data-testid="login-history-refresh">
            {t.refresh()}
          </Button>
          <Button size="sm" colorPalette="blue" onClick={() => void exportCsv(effective)} loading={exporting} data-testid="login-history-export">
            {t.exportCsv()}
          </Button>
        </HStack>
      </HStack>
      <LoginHistoryFiltersBar filters={filters} onChange={setFilters} />
      <LoginHistoryTiles summary={failed ? undefined : history.data?.summary} />
      {failed ? (
        <LoadErrorAlert title={t.loadFailed()} onRetry={refresh} testId="login-history-error" />
      ) : (
        <>
          <LoginAttemptsChart days={history.data?.days} />
          <LoginHistoryTable
            records={history.data?.records}
            loading={history.isPending}
            canManage={canManage}
            blockedIps={blockedSet}
            pendingIp={blocking}
            onBlock={blockRow}
          />
          {history.data ? (
            <Pager page={history.data.page} pageSize={history.data.limit} total={history.data.total} labels={t.pager} testId="login-history-pager" onPage={setPage} />
          ) : null}
        </>
      )}
      <BlockedIpsPanel blockedIps={blocked.data?.blockedIps} failed={blocked.isError} canManage={canManage} pendingIp={unblocking} onUnblock={(ip) => void unblock(ip)} />
    </Stack>
  );
}
