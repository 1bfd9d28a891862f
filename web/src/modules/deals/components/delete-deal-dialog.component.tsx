import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import type { DealView } from '@crm/contracts';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { DataText } from '../../ui/components/data-text.component.tsx';

interface DeleteDealDialogProps {
  deal: DealView | null;
  pending: boolean;
  onConfirm(deal: DealView): void;
  onClose(): void;
}

/** "Delete deal?" before a (soft, restorable by an admin) delete. */
export function DeleteDealDialog({ deal, pending, onConfirm, onClose }: DeleteDealDialogProps) {
  const { LL } = useI18nContext();
  const t = LL.deals.deleteDialog;
  // The title is data: isolated in its own direction inside the sentence (a Latin title in Arabic reads whole).
  const [before, after] = t.text({ title: '\u0000' }).split('\u0000');
  return (
    <Dialog.Root open={deal !== null} onOpenChange={(d) => (d.open ? undefined : onClose())} role="alertdialog" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="deal-delete-dialog" mx={3}>
            <Dialog.Header>
              <Dialog.Title>{t.title()}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text data-testid="deal-delete-text" overflowWrap="anywhere">
                {before}
                <DataText>{deal?.title ?? ''}</DataText>
                {after}
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} data-testid="deal-delete-cancel">
                {t.cancel()}
              </Button>
              <Button colorPalette="red" loading={pending} onClick={() => deal && onConfirm(deal)} data-testid="deal-delete-confirm">
                {t.confirm()}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
