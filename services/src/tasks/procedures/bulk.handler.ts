import type { TaskBulkInput } from '@crm/contracts';
import { requestActor } from '../../crm/crm-actor.ts';
import { commandContext, type RequestContext } from '../../platform/request-context.ts';

export const bulkHandler = ({ ctx, input }: { ctx: RequestContext; input: TaskBulkInput }) =>
  ctx.services.tasks.bulk(input, requestActor(ctx), commandContext(ctx));
