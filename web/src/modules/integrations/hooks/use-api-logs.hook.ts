import { keepPreviousData } from '@tanstack/react-query';
import type { ApiLogListPayload } from '@crm/contracts/integrations/api-log.input';
import { trpc } from '../../api/trpc.client.ts';

/** One page of the API logs (`apiLogs.list`), the previous page shown while the next loads; refreshed every 15 s. */
export function useApiLogs(input: ApiLogListPayload) {
  return trpc.apiLogs.list.useQuery(input, { placeholderData: keepPreviousData, refetchInterval: 15_000 });
}
