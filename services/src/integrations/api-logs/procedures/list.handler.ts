import type { ApiLogListInput } from '@crm/contracts';
import type { AuthedRequestContext } from '../../../platform/request-context.ts';

export const listApiLogsHandler = ({ ctx, input }: { ctx: AuthedRequestContext; input: ApiLogListInput }) => ctx.services.apiLogs.list(input);
