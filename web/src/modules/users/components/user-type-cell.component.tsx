import { Badge, NativeSelect } from '@chakra-ui/react';
import type { UserType } from '@crm/contracts/identity/user.events';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { UserRow } from '../utils/user-row.util.ts';

const TYPES = ['user', 'manager', 'admin'] as const satisfies readonly UserType[];

interface UserTypeCellProps {
  user: UserRow;
  /** May change this account's type (`users:manage`, not one's own): an inline selector; else a badge. */
  editable: boolean;
  disabled: boolean;
  onChange(type: UserType): void;
}

export function UserTypeCell({ user, editable, disabled, onChange }: UserTypeCellProps) {
  const { LL } = useI18nContext();
  if (!editable) {
    return (
      <Badge colorPalette="purple" variant="outline" data-testid={`users-type-badge-${user.email}`} data-type={user.userType}>
        {LL.admin.roles[user.userType]()}
      </Badge>
    );
  }
  return (
    <NativeSelect.Root size="xs" width="auto" disabled={disabled}>
      <NativeSelect.Field
        aria-label={LL.users.table.typeLabel({ name: user.name })}
        value={user.userType}
        data-testid={`users-type-${user.email}`}
        onChange={(e) => {
          const next = TYPES.find((t) => t === e.currentTarget.value);
          if (next && next !== user.userType) onChange(next);
        }}
      >
        {TYPES.map((type) => (
          <option key={type} value={type}>
            {LL.admin.roles[type]()}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
