import { Button, HStack, Text } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';

/** Previous / next under the table; hidden while everything fits on one page. */
export function LoginHistoryPager({ page, limit, total, onPage }: { page: number; limit: number; total: number; onPage(page: number): void }) {
  const { LL } = useI18nContext();
  const t = LL.loginHistory.pager;
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages === 1 && page === 1) return null;
  return (
    <HStack as="nav" aria-label={t.label()} justify="space-between" data-testid="login-history-pager">
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(Math.min(page - 1, pages))}>
        {t.previous()}
      </Button>
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {t.status({ page, pages, total })}
      </Text>
      <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t.next()}
      </Button>
    </HStack>
  );
}
