import { Button, HStack, Text } from '@chakra-ui/react';

/** The texts of one pager (each tab passes its own i18n block, e.g. `LL.users.pager`). */
export interface PagerLabels {
  label(): string;
  previous(): string;
  next(): string;
  status(args: { page: number; pages: number; total: number }): string;
}

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  labels: PagerLabels;
  testId: string;
  onPage(page: number): void;
}

/** Previous / next under a table; hidden while everything fits on one page. */
export function Pager({ page, pageSize, total, labels, testId, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1 && page === 1) return null;
  return (
    <HStack as="nav" aria-label={labels.label()} justify="space-between" data-testid={testId}>
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(Math.min(page - 1, pages))}>
        {labels.previous()}
      </Button>
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {labels.status({ page, pages, total })}
      </Text>
      <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {labels.next()}
      </Button>
    </HStack>
  );
}
