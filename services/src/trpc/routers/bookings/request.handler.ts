import { bookingRequestInput } from '@crm/contracts';
import { commandContext, type RequestContext } from '../../context.ts';

/** The input schema needs "today": it is built per call from the service clock and business zone. */
export const requestInputFor = (ctx: Pick<RequestContext, 'services'>) =>
  bookingRequestInput({ now: ctx.services.now, businessTimeZone: ctx.services.config.businessTimeZone });

export async function requestHandler({ ctx, input }: { ctx: RequestContext; input: unknown }) {
  const parsed = requestInputFor(ctx).parse(input);
  const { booking } = await ctx.services.bookings.request(parsed, commandContext(ctx));
  return { booking };
}
