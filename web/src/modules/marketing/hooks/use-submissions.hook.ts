import { keepPreviousData } from '@tanstack/react-query';
import type { SubmissionListInput } from '@crm/contracts/marketing/marketing.input';
import { trpc } from '../../api/trpc.client.ts';

/** One page of form submissions (`marketing.submissions.list`), the previous page shown while the next loads. */
export function useSubmissions(input: Partial<SubmissionListInput>) {
  return trpc.marketing.submissions.list.useQuery(input, { placeholderData: keepPreviousData, refetchInterval: 30_000 });
}
