import type { SecurityAlertActionInput } from '@crm/contracts';
import { commandContext, type RequestContext } from '../../../platform/request-context.ts';

export const resolveAlertHandler = async ({ ctx, input }: { ctx: RequestContext; input: SecurityAlertActionInput }) => ({
  alert: await ctx.services.securityAlerts.resolve(input.id, input.note || null, commandContext(ctx)),
});
