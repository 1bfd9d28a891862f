import { Button, HStack, Stack } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { serverMessage } from '../../api/server-message.util.ts';
import type { SessionUser } from '../../api/trpc.client.ts';
import { LoadErrorAlert } from '../../ui/components/load-error-alert.component.tsx';
import { Pager } from '../../ui/components/pager.component.tsx';
import { useErrorBanner } from '../../ui/hooks/use-error-banner.hook.ts';
import { usePagedFilters } from '../../ui/hooks/use-paged-filters.hook.ts';
import { toast } from '../../ui/utils/app-toaster.util.ts';
import { useInvitations } from '../hooks/use-invitations.hook.ts';
import { useRevokeInvitation } from '../hooks/use-revoke-invitation.hook.ts';
import { useUpdateUser } from '../hooks/use-update-user.hook.ts';
import { useUsersList } from '../hooks/use-users-list.hook.ts';
import { DEFAULT_USER_FILTERS, isAnyUserFilterActive, type UserFilters } from '../utils/user-filters.util.ts';
import { InviteDialog } from './invite-dialog.component.tsx';
import { PendingInvitations } from './pending-invitations.component.tsx';
import { UserCounters } from './user-counters.component.tsx';
import { UserFiltersBar } from './user-filters.component.tsx';
import { UsersTable } from './users-table.component.tsx';

/** The admin Users tab (spec 01 §2): counters, filters, table with inline type selector and row actions. */
export function UsersTab({ user }: { user: SessionUser }) {
  const { LL } = useI18nContext();
  const { showError } = useErrorBanner();
  const { filters, setFilters, page, setPage, search } = usePagedFilters<UserFilters>(DEFAULT_USER_FILTERS);
  const list = useUsersList({ ...filters, search }, page);
  const filtered = isAnyUserFilterActive(filters);

  const onFailed = useCallback(
    (failure: ApiFailure) => {
      const reason = failure.kind === 'server' ? serverMessage(failure, LL) : null;
      showError(reason ? LL.users.updateFailedWithReason({ reason }) : LL.users.updateFailed());
    },
    [showError, LL],
  );
  const { update, pendingId } = useUpdateUser({ onFailed });
  const [inviting, setInviting] = useState(false);
  const invitations = useInvitations();
  const revoke = useRevokeInvitation();
  const onRevoke = (id: string) =>
    void revoke.mutateAsync({ id }).then(
      () => toast({ type: 'success', title: LL.users.invite.revoked() }),
      (caught: unknown) => onFailed(describeApiError(caught)),
    );

  const loadFailure = list.isError ? describeApiError(list.error) : null;
  const loadDetail = loadFailure?.kind === 'server' ? serverMessage(loadFailure, LL) : null;

  return (
    <Stack gap={5}>
      <HStack justify="flex-end">
        <Button colorPalette="blue" onClick={() => setInviting(true)} data-testid="invite-button">
          {LL.users.invite.button()}
        </Button>
      </HStack>
      <InviteDialog
        viewer={user}
        open={inviting}
        onClose={() => setInviting(false)}
        onSent={(email) => toast({ type: 'success', title: LL.users.invite.sent({ email }) })}
      />
      <PendingInvitations invitations={invitations.data?.invitations} viewer={user} revokingId={revoke.isPending ? (revoke.variables?.id ?? null) : null} onRevoke={onRevoke} />
      <UserCounters counts={list.data?.counts} filtered={filtered} />
      <UserFiltersBar filters={filters} onChange={setFilters} onReset={() => setFilters(DEFAULT_USER_FILTERS)} />
      {loadFailure ? (
        <LoadErrorAlert title={LL.users.loadFailed()} detail={loadDetail} onRetry={() => void list.refetch()} testId="users-load-error" />
      ) : null}
      {loadFailure && !list.data ? null : (
        <UsersTable
          users={list.data?.users}
          loading={list.isPending}
          filtered={filtered}
          viewer={user}
          pendingId={pendingId}
          onUpdate={(change) => void update(change)}
        />
      )}
      {list.data ? (
        <Pager page={list.data.page} pageSize={list.data.pageSize} total={list.data.counts.total} labels={LL.users.pager} testId="users-pager" onPage={setPage} />
      ) : null}
    </Stack>
  );
}
