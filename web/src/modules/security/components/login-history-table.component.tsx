import { Badge, Button, Stack, Table, Text } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { DataTable } from '../../ui/components/data-table.component.tsx';
import { canBlockRow, type LoginHistoryRow } from '../utils/login-history-filters.util.ts';
import { formatDateTime, formatDuration, labelOf, locationLabel } from '../utils/login-history-format.util.ts';
import { LoginStatusBadge } from './login-status-badge.component.tsx';
import { DataText } from '../../ui/components/data-text.component.tsx';

interface LoginHistoryTableProps {
  records: LoginHistoryRow[] | undefined;
  loading: boolean;
  /** May block addresses (security:manage): shows Block IP on failed and suspicious rows. */
  canManage: boolean;
  blockedIps: ReadonlySet<string>;
  pendingIp: string | null;
  onBlock(row: LoginHistoryRow): void;
}

export function LoginHistoryTable({ records, loading, canManage, blockedIps, pendingIp, onBlock }: LoginHistoryTableProps) {
  const { LL, locale } = useI18nContext();
  const t = LL.security;
  const columns = [t.table.date(), t.table.user(), t.table.ipAddress(), t.table.location(), t.table.device(), t.table.browser(), t.table.status(), t.table.duration()];
  if (canManage) columns.push(t.table.actions());

  const renderRow = (row: LoginHistoryRow) => {
    const reasons = [
      ...(row.failure_reason ? [labelOf(t.failureReasons, row.failure_reason)] : []),
      ...row.suspicious_reasons.map((r) => labelOf(t.suspiciousReasons, r)),
    ];
    const blocked = row.ip_address !== null && blockedIps.has(row.ip_address);
    return (
      <Table.Row key={row.id} data-testid="login-history-row" data-login-id={row.id} data-status={row.status}>
        <Table.Cell whiteSpace="nowrap">{formatDateTime(locale, row.timestamp)}</Table.Cell>
        <Table.Cell>
          <Stack gap={0}>
            <Text fontWeight="medium">{row.user_name ? <DataText>{row.user_name}</DataText> : t.table.unknownUser()}</Text>
            <Text fontSize="xs" color="fg.muted" dir="ltr" textAlign="start">
              <bdi>{row.user_email}</bdi>
            </Text>
          </Stack>
        </Table.Cell>
        <Table.Cell>
          <bdi dir="ltr" data-testid="login-ip">
            {row.ip_address ?? LL.common.notAvailable()}
          </bdi>
        </Table.Cell>
        <Table.Cell>{locationLabel(LL, row.location)}</Table.Cell>
        <Table.Cell>
          <Stack gap={0}>
            <Text>{labelOf(t.devices, row.device)}</Text>
            <Text fontSize="xs" color="fg.muted">
              {row.os}
            </Text>
          </Stack>
        </Table.Cell>
        <Table.Cell whiteSpace="nowrap">{row.browser}</Table.Cell>
        <Table.Cell>
          <Stack gap={1} align="flex-start">
            <LoginStatusBadge status={row.status} />
            {reasons.length > 0 ? (
              <Text fontSize="xs" color="fg.muted" data-testid="login-reasons">
                {reasons.join(' · ')}
              </Text>
            ) : null}
          </Stack>
        </Table.Cell>
        <Table.Cell whiteSpace="nowrap">{formatDuration(LL, row.session_duration)}</Table.Cell>
        {canManage ? (
          <Table.Cell>
            {blocked ? (
              <Badge colorPalette="gray" data-testid="login-ip-blocked">
                {t.blocked()}
              </Badge>
            ) : canBlockRow(row) ? (
              <Button
                size="xs"
                colorPalette="red"
                variant="outline"
                loading={pendingIp === row.ip_address}
                disabled={pendingIp !== null}
                aria-label={t.blockIpLabel({ ip: row.ip_address ?? '' })}
                onClick={() => onBlock(row)}
                data-testid="login-block-ip"
              >
                {t.blockIp()}
              </Button>
            ) : null}
          </Table.Cell>
        ) : null}
      </Table.Row>
    );
  };

  return (
    <DataTable
      testId="login-history-table"
      caption={t.table.caption()}
      columns={columns}
      rows={records}
      loading={loading}
      loadingState={{ text: t.loading(), testId: 'login-history-loading' }}
      emptyState={{ text: t.empty(), testId: 'login-history-empty' }}
      renderRow={renderRow}
    />
  );
}
