import { crmActor } from '@crm/contracts';
import { commandContext, type AuthedRequestContext } from '../../platform/request-context.ts';

export const deleteHandler = ({ ctx, input }: { ctx: AuthedRequestContext; input: { id: string } }) =>
  ctx.services.tasks.delete(input.id, crmActor(ctx.user), commandContext(ctx));
