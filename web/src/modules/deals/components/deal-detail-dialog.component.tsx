import { Alert, Badge, CloseButton, DataList, Dialog, HStack, Portal, Spinner, Text, Wrap } from '@chakra-ui/react';
import { probabilityColor } from '@crm/contracts';
import type { ReactNode } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { describeApiError } from '../../api/api-error.util.ts';
import { DataText } from '../../ui/components/data-text.component.tsx';
import { useDealDetail } from '../hooks/use-deal-detail.hook.ts';
import { formatCalendarDate, formatDollars } from '../utils/pipeline-format.util.ts';

/** A deal opened from the board or by its deep link (`/admin/pipeline/deals/<id>`): read-only details. */
export function DealDetailDialog({ dealId, onClose }: { dealId: string | null; onClose(): void }) {
  const { LL, locale } = useI18nContext();
  const t = LL.deals.detail;
  const detail = useDealDetail(dealId);
  const failure = detail.isError ? describeApiError(detail.error) : null;
  const notFound = failure?.kind === 'server' && failure.code === 'NOT_FOUND';
  const deal = detail.data;

  const rows: { key: string; label: string; value: ReactNode }[] = deal
    ? [
        { key: 'customer', label: t.fields.customer(), value: <DataText>{deal.customerName ?? LL.deals.card.unknownCustomer()}</DataText> },
        { key: 'company', label: t.fields.company(), value: <DataText>{deal.customerCompany ?? LL.deals.card.noCompany()}</DataText> },
        { key: 'value', label: t.fields.value(), value: <DataText>{formatDollars(deal.value, locale)}</DataText> },
        { key: 'stage', label: t.fields.stage(), value: LL.deals.stages[deal.stage]() },
        {
          key: 'probability',
          label: t.fields.probability(),
          value: (
            <Badge colorPalette={probabilityColor(deal.probability)} variant="subtle">
              {LL.deals.card.probability({ probability: deal.probability })}
            </Badge>
          ),
        },
        { key: 'expectedClose', label: t.fields.expectedClose(), value: deal.expectedCloseDate ? formatCalendarDate(deal.expectedCloseDate, locale) : LL.deals.card.noCloseDate() },
        { key: 'owner', label: t.fields.owner(), value: deal.assignedToName ? <DataText>{deal.assignedToName}</DataText> : t.unassigned() },
        {
          key: 'tags',
          label: t.fields.tags(),
          value: deal.tags.length ? (
            <Wrap gap={1}>
              {deal.tags.map((tag) => (
                <Badge key={tag} size="sm" variant="outline">
                  <DataText>{tag}</DataText>
                </Badge>
              ))}
            </Wrap>
          ) : (
            t.none()
          ),
        },
      ]
    : [];

  return (
    <Dialog.Root open={dealId !== null} onOpenChange={(e) => (e.open ? undefined : onClose())} size={{ base: 'full', md: 'md' }} placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="deal-detail">
            <Dialog.Header>
              <Dialog.Title data-testid="deal-detail-title">{deal ? <DataText>{deal.title}</DataText> : t.title()}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb={6}>
              {detail.isPending && dealId ? (
                <HStack justify="center" py={10} data-testid="deal-detail-loading">
                  <Spinner size="sm" />
                  <Text color="fg.muted">{t.loading()}</Text>
                </HStack>
              ) : failure ? (
                <Alert.Root status={notFound ? 'warning' : 'error'} data-testid={notFound ? 'deal-detail-not-found' : 'deal-detail-error'}>
                  <Alert.Indicator />
                  <Alert.Title>{notFound ? t.notFound() : t.loadFailed()}</Alert.Title>
                </Alert.Root>
              ) : deal ? (
                <DataList.Root orientation="horizontal" size="md">
                  {rows.map((row) => (
                    <DataList.Item key={row.key} data-testid={`deal-detail-${row.key}`}>
                      <DataList.ItemLabel minW="10rem">{row.label}</DataList.ItemLabel>
                      <DataList.ItemValue>{row.value}</DataList.ItemValue>
                    </DataList.Item>
                  ))}
                </DataList.Root>
              ) : null}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={LL.common.close()} data-testid="deal-detail-close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
