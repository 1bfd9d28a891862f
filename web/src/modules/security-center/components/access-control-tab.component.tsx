import { Badge, Box, Button, HStack, Input, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useCallback, useMemo, useState } from 'react';
import { riskBand, riskBarWidth, type AccessAction, type AccessUserView } from '@crm/contracts/security/alert.input';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { ApiFailure } from '../../api/api-error.util.ts';
import { errorText } from '../../api/error-texts.util.ts';
import { useSession } from '../../auth/hooks/use-session.hook.ts';
import { DataText } from '../../ui/components/data-text.component.tsx';
import { I18nNamespaces } from '../../ui/components/i18n-namespaces.component.tsx';
import { LoadErrorAlert } from '../../ui/components/load-error-alert.component.tsx';
import { toast, toastError } from '../../ui/utils/app-toaster.util.ts';
import { useAccessAction } from '../hooks/use-access-action.hook.ts';
import { useAccessUsers } from '../hooks/use-access-users.hook.ts';
import { NoteDialog } from './note-dialog.component.tsx';

const STATUS_PALETTE = { active: 'green', suspended: 'orange', locked: 'red', pending: 'yellow', inactive: 'gray' } as const;
const BAR_COLOR = { green: 'green.solid', yellow: 'yellow.solid', red: 'red.solid' } as const;

/** The Access Control tab (spec 02): every account with role, last login, MFA, sessions, risk score and status, and its actions. */
export function AccessControlTab() {
  return (
    <I18nNamespaces names={['securityAlerts']}>
      <AccessPanel />
    </I18nNamespaces>
  );
}

function RiskBar({ user }: { user: AccessUserView }) {
  const { LL } = useI18nContext();
  const t = LL.securityAlerts.access;
  const band = riskBand(user.riskScore);
  return (
    <Stack gap={1} minW="110px" title={t.riskHint({ alerts: user.openAlerts, failures: user.recentFailures })}>
      <HStack gap={2}>
        <Box
          flex="1"
          h="6px"
          bg="bg.muted"
          rounded="full"
          overflow="hidden"
          role="meter"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={user.riskScore}
          aria-label={t.riskLabel({ score: user.riskScore })}
        >
          <Box h="full" w={`${riskBarWidth(user.riskScore)}%`} bg={BAR_COLOR[band]} data-testid="access-risk-bar" data-band={band} />
        </Box>
        <Text fontSize="xs" fontVariantNumeric="tabular-nums" data-testid="access-risk-score">
          {user.riskScore}
        </Text>
      </HStack>
    </Stack>
  );
}

function AccessPanel() {
  const { LL, locale } = useI18nContext();
  const t = LL.securityAlerts.access;
  const session = useSession();
  const me = session.data?.id ?? null;
  const canManage = !!session.data?.permissions.includes('security:manage');
  const users = useAccessUsers();
  const [search, setSearch] = useState('');
  const [asked, setAsked] = useState<{ action: AccessAction; user: AccessUserView } | null>(null);

  const onDone = useCallback(
    (action: AccessAction, endedSessions: number) => {
      setAsked(null);
      toast({ type: 'success', title: t.doneTitle(), description: action === 'endSessions' ? t.done.endSessions({ count: endedSessions }) : t.done[action]() });
    },
    [t],
  );
  const onFailed = useCallback(
    (failure: ApiFailure) => {
      setAsked(null);
      const reason = failure.kind === 'server' ? ((failure.domainCode && errorText(failure.domainCode, LL)) ?? failure.message) : null;
      toastError(LL, t.failed(), reason);
    },
    [LL, t],
  );
  const { act, pending } = useAccessAction({ onDone, onFailed });

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    const all = users.data?.users ?? [];
    return q ? all.filter((u) => `${u.userName} ${u.userEmail}`.toLowerCase().includes(q)) : all;
  }, [users.data, search]);
  const when = (iso: string | null) => (iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : t.never());

  const actionButton = (user: AccessUserView, action: AccessAction, palette: string) => (
    <Button key={action} size="xs" variant="outline" colorPalette={palette} onClick={() => setAsked({ action, user })} data-testid={`access-${action}`}>
      {t.actions[action]()}
    </Button>
  );

  return (
    <Stack gap={4} as="section" aria-label={t.label()} data-testid="access-control-tab">
      <HStack gap={3} align="flex-end" wrap="wrap">
        <Box flex="1" minW="200px" maxW="360px">
          <Input size="sm" value={search} placeholder={t.searchPlaceholder()} aria-label={t.search()} onChange={(e) => setSearch(e.currentTarget.value)} data-testid="access-search" />
        </Box>
        <Button size="sm" variant="outline" onClick={() => void users.refetch()} loading={users.isFetching} data-testid="access-refresh">
          {t.refresh()}
        </Button>
      </HStack>
      {users.isError ? (
        <LoadErrorAlert title={t.loadFailed()} onRetry={() => void users.refetch()} testId="access-error" />
      ) : users.isPending ? (
        <HStack color="fg.muted">
          <Spinner size="sm" />
          <Text>{t.loading()}</Text>
        </HStack>
      ) : rows.length === 0 ? (
        <Text color="fg.muted" py={6} data-testid="access-empty">
          {t.empty()}
        </Text>
      ) : (
        <>
        {/* A phone gets a card per account; the table from md up. */}
        <Stack gap={3} display={{ base: 'flex', md: 'none' }} data-testid="access-cards">
          {rows.map((user) => (
            <Box key={user.userId} bg="bg" borderWidth="1px" borderColor="border.muted" rounded="lg" p={3} data-testid="access-card" data-user-id={user.userId} data-status={user.status}>
              <Stack gap={2}>
                <HStack justify="space-between" align="flex-start" gap={2}>
                  <Stack gap={0} minW={0}>
                    <Text fontWeight="medium">
                      <DataText>{user.userName}</DataText>
                    </Text>
                    <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere">
                      <bdi dir="ltr">{user.userEmail}</bdi>
                    </Text>
                  </Stack>
                  <Badge colorPalette={STATUS_PALETTE[user.status]} variant="subtle">
                    {t.statuses[user.status]()}
                  </Badge>
                </HStack>
                <Text fontSize="sm">
                  {t.columns.role()}: {t.roles[user.role]()} · {t.columns.sessions()}: {user.sessionCount} · {t.columns.mfa()}:{' '}
                  {user.mfaEnabled === null ? t.none() : user.mfaEnabled ? t.mfaOn() : t.mfaOff()}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {t.columns.lastLogin()}: {when(user.lastLogin)}
                </Text>
                <Stack gap={1}>
                  <Text fontSize="xs" color="fg.muted">
                    {t.columns.risk()}
                  </Text>
                  <RiskBar user={user} />
                </Stack>
                {canManage ? (
                  <HStack gap={1} wrap="wrap" role="group" aria-label={t.actionsFor({ name: user.userName })}>
                    {actionButton(user, 'endSessions', 'gray')}
                    {user.userId === me ? null : user.status === 'suspended' ? actionButton(user, 'reinstate', 'green') : actionButton(user, 'suspend', 'orange')}
                    {user.userId === me ? null : user.status === 'locked' ? actionButton(user, 'unlock', 'green') : actionButton(user, 'lock', 'red')}
                  </HStack>
                ) : null}
              </Stack>
            </Box>
          ))}
        </Stack>
        <Table.ScrollArea borderWidth="1px" borderColor="border.muted" rounded="lg" display={{ base: 'none', md: 'block' }}>
          <Table.Root size="sm" data-testid="access-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t.columns.user()}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.columns.role()}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.columns.department()}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.columns.lastLogin()}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.columns.mfa()}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t.columns.sessions()}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.columns.risk()}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.columns.status()}</Table.ColumnHeader>
                {canManage ? <Table.ColumnHeader>{t.columns.actions()}</Table.ColumnHeader> : null}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((user) => (
                <Table.Row key={user.userId} data-testid="access-row" data-user-id={user.userId} data-status={user.status}>
                  <Table.Cell>
                    <Stack gap={0}>
                      <Text fontWeight="medium">
                        <DataText>{user.userName}</DataText>
                      </Text>
                      <Text fontSize="xs" color="fg.muted">
                        <bdi dir="ltr">{user.userEmail}</bdi>
                      </Text>
                    </Stack>
                  </Table.Cell>
                  <Table.Cell>{t.roles[user.role]()}</Table.Cell>
                  <Table.Cell color="fg.muted">{t.none()}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{when(user.lastLogin)}</Table.Cell>
                  <Table.Cell>
                    {user.mfaEnabled === null ? (
                      <Text color="fg.muted">{t.none()}</Text>
                    ) : (
                      <Badge colorPalette={user.mfaEnabled ? 'green' : 'gray'} variant="subtle" data-testid="access-mfa">
                        {user.mfaEnabled ? t.mfaOn() : t.mfaOff()}
                      </Badge>
                    )}
                  </Table.Cell>
                  <Table.Cell textAlign="end" data-testid="access-sessions">
                    {user.sessionCount}
                  </Table.Cell>
                  <Table.Cell>
                    <RiskBar user={user} />
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={STATUS_PALETTE[user.status]} variant="subtle" data-testid="access-status">
                      {t.statuses[user.status]()}
                    </Badge>
                  </Table.Cell>
                  {canManage ? (
                    <Table.Cell>
                      <HStack gap={1} wrap="wrap" minW="190px" maxW="240px" role="group" aria-label={t.actionsFor({ name: user.userName })}>
                        {actionButton(user, 'endSessions', 'gray')}
                        {user.userId === me ? null : user.status === 'suspended' ? actionButton(user, 'reinstate', 'green') : actionButton(user, 'suspend', 'orange')}
                        {user.userId === me ? null : user.status === 'locked' ? actionButton(user, 'unlock', 'green') : actionButton(user, 'lock', 'red')}
                      </HStack>
                    </Table.Cell>
                  ) : null}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        </>
      )}
      <NoteDialog
        open={asked !== null}
        title={asked ? t.actions[asked.action]() : ''}
        text={asked ? t.confirm[asked.action]({ name: asked.user.userName }) : undefined}
        noteLabel={t.reason()}
        cancelLabel={t.cancel()}
        confirmLabel={asked ? t.actions[asked.action]() : ''}
        pending={pending}
        onConfirm={(reason) => asked && void act(asked.user.userId, asked.action, reason)}
        onClose={() => setAsked(null)}
        testId="access-action"
      />
    </Stack>
  );
}
