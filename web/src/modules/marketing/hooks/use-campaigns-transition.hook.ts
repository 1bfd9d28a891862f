import type { CampaignAction } from '@crm/contracts/marketing/marketing.constants';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { describeApiError } from '../../api/api-error.util.ts';
import { serverMessage } from '../../api/server-message.util.ts';
import { toast, toastError } from '../../ui/utils/app-toaster.util.ts';
import { useCampaignMutations } from './use-campaigns.hook.ts';

/** Runs a lifecycle action (activate, pause, resume, complete, cancel) with its toast; `pendingId`: the campaign being changed. */
export function useCampaignTransition() {
  const { LL } = useI18nContext();
  const t = LL.marketing.campaigns;
  const { transition } = useCampaignMutations();
  const run = async (id: string, action: CampaignAction) => {
    try {
      await transition.mutateAsync({ id, action });
      toast({ type: 'success', title: t.transitioned[action]() });
    } catch (caught) {
      const failure = describeApiError(caught);
      toastError(LL, t.transitionFailed(), failure.kind === 'server' ? serverMessage(failure, LL) : null);
    }
  };
  return { run, pendingId: transition.isPending ? (transition.variables?.id ?? null) : null };
}
