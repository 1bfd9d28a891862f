import { trpc } from '../../api/trpc.client.ts';

/** The campaigns a form can be attached to, or a submission filtered by (`marketing.campaigns.options`: all, by name). */
export function useFormsCampaignOptions() {
  return trpc.marketing.campaigns.options.useQuery(undefined, { staleTime: 30_000 });
}
