import type { DealView } from '@crm/contracts';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { ConfirmDialog } from '../../ui/components/confirm-dialog.component.tsx';

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
  return (
    <ConfirmDialog
      subject={deal}
      title={t.title()}
      text={{ sentence: (title) => t.text({ title }), name: deal?.title ?? '' }}
      cancelLabel={t.cancel()}
      confirmLabel={t.confirm()}
      pending={pending}
      onConfirm={onConfirm}
      onClose={onClose}
      testId="deal-delete"
    />
  );
}
