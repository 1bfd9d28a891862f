import { requestActor } from '../../crm/crm-actor.ts';
import { commandContext, type RequestContext } from '../../platform/request-context.ts';

export const deleteHandler = ({ ctx, input }: { ctx: RequestContext; input: { id: string } }) =>
  ctx.services.tasks.delete(input.id, requestActor(ctx), commandContext(ctx));
