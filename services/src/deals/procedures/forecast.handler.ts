import { crmActor, type DealForecastInput } from '@crm/contracts';
import type { AuthedRequestContext } from '../../platform/request-context.ts';

export const forecastHandler = ({ ctx, input }: { ctx: AuthedRequestContext; input: DealForecastInput }) => ctx.services.deals.forecast(crmActor(ctx.user), input);
