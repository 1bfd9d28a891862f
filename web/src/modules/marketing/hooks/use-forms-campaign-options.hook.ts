import { trpc } from '../../api/trpc.client.ts';

/** The campaigns a form can be attached to, or a submission filtered by (`marketing.campaigns.list`), by name. */
export function useFormsCampaignOptions() {
  return trpc.marketing.campaigns.list.useQuery({}, { staleTime: 30_000, select: (campaigns) => campaigns.map((c) => ({ id: c.id, name: c.name })).sort((a, b) => a.name.localeCompare(b.name)) });
}
