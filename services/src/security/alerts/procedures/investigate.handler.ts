import type { SecurityAlertActionInput } from '@crm/contracts';
import { commandContext, type RequestContext } from '../../../platform/request-context.ts';

export const investigateAlertHandler = async ({ ctx, input }: { ctx: RequestContext; input: SecurityAlertActionInput }) => ({
  alert: await ctx.services.securityAlerts.investigate(input.id, input.note || null, commandContext(ctx)),
});
