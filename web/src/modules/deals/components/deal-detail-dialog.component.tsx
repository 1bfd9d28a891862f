import { Alert, Badge, Button, CloseButton, DataList, Dialog, HStack, Portal, Spinner, Text, Wrap } from '@chakra-ui/react';
import { probabilityColor, type DealView } from '@crm/contracts';
import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { describeApiError } from '../../api/api-error.util.ts';
import { serverMessage } from '../../api/server-message.util.ts';
import { DataText } from '../../ui/components/data-text.component.tsx';
import { toast, toastError } from '../../ui/utils/app-toaster.util.ts';
import { useDealDetail } from '../hooks/use-deal-detail.hook.ts';
import { useDealRemoval } from '../hooks/use-deal-removal.hook.ts';
import { trpc } from '../../api/trpc.client.ts';
import { useDealForm } from '../hooks/use-deal-form.hook.ts';
import { dealToForm, toDealUpdate } from '../utils/deal-form.util.ts';
import { formatCalendarDate, formatDollars } from '../utils/pipeline-format.util.ts';
import { DealForm } from './deal-form.component.tsx';
import { DeleteDealDialog } from './delete-deal-dialog.component.tsx';

interface DealDetailDialogProps {
  dealId: string | null;
  /** The owner select in Edit (`crm:all`: managers and admins). */
  canAssignAll: boolean;
  onClose(): void;
}

/**
 * A deal opened from the board or by its deep link (`/admin/pipeline/deals/<id>`): its details, Edit (a form in
 * the same dialog; the URL stays) and Delete (asks first; soft, an admin can restore it; then back to the board).
 */
export function DealDetailDialog({ dealId, canAssignAll, onClose }: DealDetailDialogProps) {
  const { LL, locale } = useI18nContext();
  const t = LL.deals.detail;
  const detail = useDealDetail(dealId);
  const failure = detail.isError ? describeApiError(detail.error) : null;
  const notFound = failure?.kind === 'server' && failure.code === 'NOT_FOUND';
  const deal = detail.data;
  const formId = useId();
  const onSaved = useCallback(
    (saved: DealView) => toast({ type: 'success', title: LL.deals.toasts.updatedTitle(), description: LL.deals.toasts.updatedText({ title: saved.title }) }),
    [LL],
  );
  const utils = trpc.useUtils();
  const update = trpc.deals.update.useMutation();
  const edit = useDealForm();
  const editing = edit.values !== null;
  const { run, pendingId } = useDealRemoval();
  const [confirming, setConfirming] = useState<DealView | null>(null);
  const { start } = edit;
  const stopEditing = useCallback(() => start(null), [start]);

  // Another deal (or none) opened: leave the form and the question.
  useEffect(() => {
    stopEditing();
    setConfirming(null);
  }, [dealId, stopEditing]);

  const save = (id: string) =>
    void edit.submit(
      async (values) => (await update.mutateAsync(toDealUpdate(id, values, { withOwner: canAssignAll }))).deal,
      (saved) => {
        utils.deals.detail.setData({ id }, saved);
        void utils.deals.invalidate();
        void utils.customers.invalidate();
        stopEditing();
        onSaved(saved);
      },
    );

  const remove = async (target: DealView) => {
    const failed = await run('delete', target.id);
    if (failed) {
      toastError(LL, LL.deals.toasts.deleteFailed(), failed.kind === 'server' ? serverMessage(failed, LL) : null);
      return;
    }
    setConfirming(null);
    toast({ type: 'success', title: LL.deals.toasts.deletedTitle(), description: LL.deals.toasts.deletedText({ title: target.title }) });
    onClose();
  };

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
    <Dialog.Root
      open={dealId !== null}
      onOpenChange={(e) => (e.open ? undefined : onClose())}
      size={{ base: 'full', md: editing ? 'lg' : 'md' }}
      placement="center"
      scrollBehavior="inside"
      closeOnInteractOutside={!editing}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="deal-detail">
            <Dialog.Header>
              <Dialog.Title data-testid="deal-detail-title">{editing ? t.editTitle() : deal ? <DataText>{deal.title}</DataText> : t.title()}</Dialog.Title>
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
              ) : deal && editing ? (
                <DealForm formId={formId} form={edit} mode="edit" withOwner={canAssignAll} testId="deal-edit" failedText={LL.deals.toasts.updateFailed()} onSubmit={() => save(deal.id)} />
              ) : deal ? (
                <DataList.Root orientation="horizontal" size="md">
                  {rows.map((row) => (
                    <DataList.Item key={row.key} data-testid={`deal-detail-${row.key}`}>
                      <DataList.ItemLabel minW="10rem">{row.label}</DataList.ItemLabel>
                      {/* A block, not a flex box: data inside keeps its own direction (a Latin company in Arabic reads whole). */}
                      <DataList.ItemValue display="block">{row.value}</DataList.ItemValue>
                    </DataList.Item>
                  ))}
                </DataList.Root>
              ) : null}
            </Dialog.Body>
            {deal && !failure ? (
              <Dialog.Footer>
                {editing ? (
                  <>
                    <Button variant="outline" onClick={stopEditing} disabled={edit.submitting} data-testid="deal-edit-cancel">
                      {t.cancelEdit()}
                    </Button>
                    <Button type="submit" form={formId} colorPalette="blue" loading={edit.submitting} loadingText={t.saving()} data-testid="deal-edit-save">
                      {t.save()}
                    </Button>
                  </>
                ) : (
                  <>
                    <Button variant="outline" colorPalette="red" me="auto" onClick={() => setConfirming(deal)} data-testid="deal-delete">
                      {t.delete()}
                    </Button>
                    <Button variant="outline" onClick={onClose} data-testid="deal-detail-done">
                      {t.close()}
                    </Button>
                    <Button colorPalette="blue" onClick={() => edit.start(dealToForm(deal))} data-testid="deal-edit">
                      {t.edit()}
                    </Button>
                  </>
                )}
              </Dialog.Footer>
            ) : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={LL.common.close()} data-testid="deal-detail-close" />
            </Dialog.CloseTrigger>
            {/* Nested in the deal's dialog, so answering the question does not dismiss the deal. */}
      <DeleteDealDialog deal={confirming} pending={pendingId !== null && pendingId === confirming?.id} onConfirm={(d) => void remove(d)} onClose={() => setConfirming(null)} />

          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
