import type { DealMetricsInput } from '@crm/contracts';
import { requestActor } from '../../crm/crm-actor.ts';
import type { RequestContext } from '../../platform/request-context.ts';

export const metricsHandler = ({ ctx, input }: { ctx: RequestContext; input: DealMetricsInput }) => ctx.services.deals.metrics(requestActor(ctx), input);
