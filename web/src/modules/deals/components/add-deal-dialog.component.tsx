import { Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import type { DealView } from '@crm/contracts';
import { useId } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { trpc } from '../../api/trpc.client.ts';
import { useDealForm } from '../hooks/use-deal-form.hook.ts';
import { EMPTY_DEAL_FORM, toDealCreate } from '../utils/deal-form.util.ts';
import { DealForm } from './deal-form.component.tsx';

interface AddDealDialogProps {
  open: boolean;
  onClose(): void;
  onCreated(deal: DealView): void;
}

/** Add Deal: a real dialog that creates the deal with `deals.create`; the server's field errors show beside the fields. */
export function AddDealDialog({ open, onClose, onCreated }: AddDealDialogProps) {
  const { LL } = useI18nContext();
  const utils = trpc.useUtils();
  const create = trpc.deals.create.useMutation();
  const form = useDealForm(EMPTY_DEAL_FORM);
  const formId = useId();

  const close = () => {
    form.start(EMPTY_DEAL_FORM);
    onClose();
  };

  const submit = () =>
    void form.submit(
      async (values) => (await create.mutateAsync(toDealCreate(values))).deal,
      (deal) => {
        form.start(EMPTY_DEAL_FORM);
        void utils.deals.invalidate();
        onCreated(deal);
      },
    );

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) close();
      }}
      size={{ base: 'full', sm: 'lg' }}
      placement="center"
      scrollBehavior="inside"
      closeOnInteractOutside={!form.submitting}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="deal-dialog">
            <Dialog.Header>
              <Dialog.Title>{LL.deals.dialog.title()}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text color="fg.muted" fontSize="sm" mb={4}>
                {LL.deals.dialog.description()}
              </Text>
              <DealForm formId={formId} form={form} mode="create" withOwner testId="deal" failedText={LL.deals.dialog.failed()} onSubmit={submit} />
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close}>
                {LL.deals.dialog.cancel()}
              </Button>
              <Button type="submit" form={formId} colorPalette="blue" loading={form.submitting} loadingText={LL.deals.dialog.submitting()} data-testid="deal-submit">
                {LL.deals.dialog.submit()}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={LL.common.close()} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
