import type { DealForecastInput } from '@crm/contracts';
import { requestActor } from '../../crm/crm-actor.ts';
import type { RequestContext } from '../../platform/request-context.ts';

export const forecastHandler = ({ ctx, input }: { ctx: RequestContext; input: DealForecastInput }) => ctx.services.deals.forecast(requestActor(ctx), input);
