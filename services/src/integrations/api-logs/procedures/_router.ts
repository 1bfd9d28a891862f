import { apiLogListInput } from '@crm/contracts';
import { procedure, router } from '../../../trpc/trpc.ts';
import { listApiLogsHandler } from './list.handler.ts';

/** The API Logs tab (issue 15): requests made with API keys and webhook attempts, filtered and paged. */
export const apiLogsRouter = router({
  list: procedure('integrations:manage').input(apiLogListInput).query(listApiLogsHandler),
});
