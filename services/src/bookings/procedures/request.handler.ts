import { bookingRequestInput } from '@crm/contracts';
import { commandContext, type RequestContext } from '../../platform/request-context.ts';

const schemas = new WeakMap<RequestContext['services'], ReturnType<typeof bookingRequestInput>>();

/**
 * The input schema needs the clock ("today", "already started") and the business hours: built once per services
 * object from its clock (the service's, so tests can move it), BUSINESS_TZ and BUSINESS_DAYS. Its refusals are a
 * ZodError naming `preferredDate`/`preferredTime`: 400 on tRPC (trpc.ts) and REST (rest-route.ts) alike.
 */
export function requestInputFor(ctx: Pick<RequestContext, 'services'>) {
  let schema = schemas.get(ctx.services);
  if (!schema) {
    const hours = ctx.services.bookingHours;
    schema = bookingRequestInput({ now: ctx.services.now, businessTimeZone: hours.timeZone, businessDays: hours.days });
    schemas.set(ctx.services, schema);
  }
  return schema;
}

export async function requestHandler({ ctx, input }: { ctx: RequestContext; input: unknown }) {
  const parsed = requestInputFor(ctx).parse(input);
  const { booking } = await ctx.services.bookings.request(parsed, commandContext(ctx));
  return { booking };
}
