import { crmActor, type TaskBulkInput } from '@crm/contracts';
import { commandContext, type AuthedRequestContext } from '../../platform/request-context.ts';

export const bulkHandler = ({ ctx, input }: { ctx: AuthedRequestContext; input: TaskBulkInput }) =>
  ctx.services.tasks.bulk(input, crmActor(ctx.user), commandContext(ctx));
