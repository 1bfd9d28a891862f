import { crmActor, type CustomerFileInput } from '@crm/contracts';
import { commandContext, type AuthedRequestContext } from '../../platform/request-context.ts';

export async function deleteFileHandler({ ctx, input }: { ctx: AuthedRequestContext; input: CustomerFileInput }) {
  return { file: await ctx.services.customers.deleteFile(crmActor(ctx.user), input.customerId, input.fileId, commandContext(ctx)) };
}
