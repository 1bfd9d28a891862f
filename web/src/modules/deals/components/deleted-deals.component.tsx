import { Badge, Button, Stack, Table, Text } from '@chakra-ui/react';
import type { DeletedDealView } from '@crm/contracts';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { serverMessage } from '../../api/server-message.util.ts';
import { DataText } from '../../ui/components/data-text.component.tsx';
import { LoadErrorAlert } from '../../ui/components/load-error-alert.component.tsx';
import { toast, toastError } from '../../ui/utils/app-toaster.util.ts';
import { useDealRemoval } from '../hooks/use-deal-removal.hook.ts';
import { useDeletedDeals } from '../hooks/use-deleted-deals.hook.ts';
import { formatDollars } from '../utils/pipeline-format.util.ts';

/** Admins' "Show deleted": the deleted deals, most recently deleted first, each with Restore (`deals.restore`). */
export function DeletedDeals() {
  const { LL, locale } = useI18nContext();
  const t = LL.deals.deleted;
  const list = useDeletedDeals(true);
  const { run, pendingId } = useDealRemoval();
  const deals = list.data?.deals ?? [];

  const restore = async (deal: DeletedDealView) => {
    const failure = await run('restore', deal.id);
    if (failure) toastError(LL, LL.deals.toasts.restoreFailed(), failure.kind === 'server' ? serverMessage(failure, LL) : null);
    else toast({ type: 'success', title: LL.deals.toasts.restoredTitle(), description: LL.deals.toasts.restoredText({ title: deal.title }) });
  };

  const when = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  return (
    <Stack gap={3} data-testid="deleted-deals">
      <Text color="fg.muted" fontSize="sm">
        {t.text()}
      </Text>
      {list.isError ? <LoadErrorAlert title={t.loadFailed()} onRetry={() => void list.refetch()} testId="deleted-deals-error" /> : null}
      {list.data && deals.length === 0 ? (
        <Text color="fg.muted" textAlign="center" py={6} data-testid="deleted-deals-empty">
          {t.empty()}
        </Text>
      ) : null}
      {deals.length > 0 ? (
        <Table.ScrollArea borderWidth="1px" borderColor="border.muted" rounded="md">
          <Table.Root size="sm" aria-label={t.title()}>
            <Table.Header>
              <Table.Row bg="bg.subtle">
                {[t.deal(), t.customer(), t.value(), t.stage(), t.deletedAt(), t.deletedBy(), t.actions()].map((c) => (
                  <Table.ColumnHeader key={c} whiteSpace="nowrap">
                    {c}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {deals.map((deal) => (
                <Table.Row key={deal.id} data-testid="deleted-deal">
                  <Table.Cell fontWeight="medium">
                    <DataText>{deal.title}</DataText>
                  </Table.Cell>
                  <Table.Cell>
                    <DataText>{deal.customerName ?? LL.deals.card.unknownCustomer()}</DataText>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    <DataText>{formatDollars(deal.value, locale)}</DataText>
                  </Table.Cell>
                  <Table.Cell>
                    <Badge variant="subtle">{LL.deals.stages[deal.stage]()}</Badge>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{when(deal.deletedAt)}</Table.Cell>
                  <Table.Cell>{deal.deletedByName ? <DataText>{deal.deletedByName}</DataText> : '—'}</Table.Cell>
                  <Table.Cell>
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="green"
                      loading={pendingId === deal.id}
                      aria-label={t.restoreLabel({ title: deal.title })}
                      onClick={() => void restore(deal)}
                      data-testid="deal-restore"
                    >
                      {t.restore()}
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : null}
    </Stack>
  );
}
