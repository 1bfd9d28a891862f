import { Button, HStack, Text } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';

/** Previous / next under the users table; hidden while everything fits on one page. */
export function UsersPager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage(page: number): void }) {
  const { LL } = useI18nContext();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1 && page === 1) return null;
  return (
    <HStack as="nav" aria-label={LL.users.pager.label()} justify="space-between" data-testid="users-pager">
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(Math.min(page - 1, pages))}>
        {LL.users.pager.previous()}
      </Button>
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {LL.users.pager.status({ page, pages, total })}
      </Text>
      <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {LL.users.pager.next()}
      </Button>
    </HStack>
  );
}
