import { Badge, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { UserType } from '@crm/contracts/identity/user.events';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { SessionUser } from '../../api/trpc.client.ts';
import { DataTable } from '../../ui/components/data-table.component.tsx';
import type { UserUpdate } from '../hooks/use-update-user.hook.ts';
import { formatJoinedDate } from '../utils/joined-date.util.ts';
import type { UserRow } from '../utils/user-row.util.ts';
import { userRowPermissions } from '../utils/user-permissions.util.ts';
import { UserStatusBadges } from './user-status-badges.component.tsx';
import { UserTypeCell } from './user-type-cell.component.tsx';
import { DataText } from '../../ui/components/data-text.component.tsx';

interface UsersTableProps {
  users: UserRow[] | undefined;
  loading: boolean;
  /** Some filter narrows the list (changes the empty text). */
  filtered: boolean;
  viewer: SessionUser;
  pendingId: string | null;
  onUpdate(change: UserUpdate): void;
}

/** User (name, email), Type, Status badges, Joined, Actions (spec 01 Users tab). */
export function UsersTable({ users, loading, filtered, viewer, pendingId, onUpdate }: UsersTableProps) {
  const { LL, locale } = useI18nContext();
  const t = LL.users.table;
  const a = LL.users.actions;
  const columns = [t.user(), t.type(), t.status(), t.joined(), t.actions()];

  const row = (user: UserRow) => {
    const may = userRowPermissions(viewer, user);
    const busy = pendingId === user.id;
    const disabled = pendingId !== null;
    const action = (label: string, aria: string, testId: string, palette: string, change: UserUpdate) => (
      <Button size="xs" variant="outline" colorPalette={palette} aria-label={aria} loading={busy} disabled={disabled} onClick={() => onUpdate(change)} data-testid={testId}>
        {label}
      </Button>
    );
    return (
      <Table.Row key={user.id} data-testid={`users-row-${user.email}`} data-user-id={user.id}>
        <Table.Cell>
          <Stack gap={0}>
            <HStack gap={2}>
              <Text fontWeight="medium">
                <DataText>{user.name}</DataText>
              </Text>
              {user.id === viewer.id ? (
                <Badge size="xs" variant="surface">
                  {t.you()}
                </Badge>
              ) : null}
            </HStack>
            <Text fontSize="xs" color="fg.muted" dir="ltr" textAlign="start">
              <bdi>{user.email}</bdi>
            </Text>
          </Stack>
        </Table.Cell>
        <Table.Cell>
          <UserTypeCell
            user={user}
            editable={may.changeType}
            disabled={disabled}
            onChange={(type: UserType) => onUpdate({ userId: user.id, action: 'changeType', value: type })}
          />
        </Table.Cell>
        <Table.Cell>
          <UserStatusBadges user={user} />
        </Table.Cell>
        <Table.Cell whiteSpace="nowrap">
          <time dateTime={user.createdAt}>{formatJoinedDate(user.createdAt, locale)}</time>
        </Table.Cell>
        <Table.Cell>
          {may.moderate ? (
            <HStack gap={2}>
              {user.isApproved
                ? action(a.revoke(), a.revokeLabel({ name: user.name }), `users-revoke-${user.email}`, 'orange', { userId: user.id, action: 'approve', value: false })
                : action(a.approve(), a.approveLabel({ name: user.name }), `users-approve-${user.email}`, 'green', { userId: user.id, action: 'approve', value: true })}
              {user.isActive
                ? action(a.deactivate(), a.deactivateLabel({ name: user.name }), `users-deactivate-${user.email}`, 'red', { userId: user.id, action: 'activate', value: false })
                : action(a.activate(), a.activateLabel({ name: user.name }), `users-activate-${user.email}`, 'blue', { userId: user.id, action: 'activate', value: true })}
            </HStack>
          ) : null}
        </Table.Cell>
      </Table.Row>
    );
  };

  return (
    <DataTable
      testId="users-table"
      caption={t.caption()}
      columns={columns}
      rows={users}
      loading={loading}
      loadingState={{ text: LL.users.loading(), testId: 'users-loading' }}
      emptyState={{ text: filtered ? LL.users.emptyFiltered() : LL.users.empty(), testId: 'users-empty' }}
      renderRow={row}
    />
  );
}
