import { Badge, HStack } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { UserRow } from '../utils/user-row.util.ts';

/** Approved or Pending; Active or Inactive. */
export function UserStatusBadges({ user }: { user: UserRow }) {
  const { LL } = useI18nContext();
  const b = LL.users.badges;
  return (
    <HStack gap={1} wrap="wrap">
      <Badge
        colorPalette={user.isApproved ? 'green' : 'yellow'}
        variant="subtle"
        data-testid={`users-approval-${user.email}`}
        data-approved={String(user.isApproved)}
      >
        {user.isApproved ? b.approved() : b.pending()}
      </Badge>
      <Badge colorPalette={user.isActive ? 'blue' : 'red'} variant="subtle" data-testid={`users-activity-${user.email}`} data-active={String(user.isActive)}>
        {user.isActive ? b.active() : b.inactive()}
      </Badge>
    </HStack>
  );
}
