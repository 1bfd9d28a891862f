import { crmActor, type CommunicationLogInput } from '@crm/contracts';
import { commandContext, type AuthedRequestContext } from '../../platform/request-context.ts';

export async function logCommunicationHandler({ ctx, input }: { ctx: AuthedRequestContext; input: CommunicationLogInput }) {
  return { communication: await ctx.services.customers.logCommunication(crmActor(ctx.user), input, commandContext(ctx)) };
}
