import { keepPreviousData } from '@tanstack/react-query';
import type { CampaignStatus, CampaignType } from '@crm/contracts/marketing/marketing.constants';
import { trpc } from '../../api/trpc.client.ts';

/** A page of the Campaigns tab's cards (`marketing.campaigns.list`, searched, filtered and paged on the server). */
export function useCampaigns(filter: { search: string; status?: CampaignStatus; type?: CampaignType; page: number; limit: number }) {
  return trpc.marketing.campaigns.list.useQuery(filter, { placeholderData: keepPreviousData });
}

/** One campaign with its cost entries, leads and their deals, and forms (`marketing.campaigns.detail`). */
export function useCampaignDetail(id: string | null) {
  return trpc.marketing.campaigns.detail.useQuery({ id: id ?? '' }, { enabled: id !== null });
}

/** Create, edit, lifecycle and cost entries: each refreshes the campaigns, the summary cards and the analytics. */
export function useCampaignMutations() {
  const utils = trpc.useUtils();
  const onSuccess = () => Promise.all([utils.marketing.campaigns.invalidate(), utils.marketing.analytics.invalidate()]);
  return {
    create: trpc.marketing.campaigns.create.useMutation({ onSuccess }),
    update: trpc.marketing.campaigns.update.useMutation({ onSuccess }),
    transition: trpc.marketing.campaigns.transition.useMutation({ onSuccess }),
    addCost: trpc.marketing.campaigns.addCost.useMutation({ onSuccess }),
    removeCost: trpc.marketing.campaigns.removeCost.useMutation({ onSuccess }),
  };
}

/** The four summary cards (`marketing.analytics.summary`). */
export function useMarketingSummary() {
  return trpc.marketing.analytics.summary.useQuery(undefined, { refetchInterval: 60_000 });
}

/** The Analytics tab (`marketing.analytics.report`) over the last `months` months. */
export function useMarketingReport(months: number) {
  return trpc.marketing.analytics.report.useQuery({ months }, { placeholderData: keepPreviousData });
}
