import type { CommunicationLogInput } from '@crm/contracts';
import { requestActor } from '../../crm/crm-actor.ts';
import { commandContext, type RequestContext } from '../../platform/request-context.ts';

export async function logCommunicationHandler({ ctx, input }: { ctx: RequestContext; input: CommunicationLogInput }) {
  return { communication: await ctx.services.customers.logCommunication(requestActor(ctx), input, commandContext(ctx)) };
}
