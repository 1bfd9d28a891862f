import type { RequestContext } from '../../../platform/request-context.ts';

export const getAlertHandler = async ({ ctx, input }: { ctx: RequestContext; input: { id: string } }) => ({ alert: await ctx.services.securityAlerts.get(input.id) });
