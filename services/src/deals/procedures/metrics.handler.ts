import { crmActor, type DealMetricsInput } from '@crm/contracts';
import type { AuthedRequestContext } from '../../platform/request-context.ts';

export const metricsHandler = ({ ctx, input }: { ctx: AuthedRequestContext; input: DealMetricsInput }) => ctx.services.deals.metrics(crmActor(ctx.user), input);
