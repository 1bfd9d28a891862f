import { bookingRequestInput } from '@crm/contracts';
import { commandContext, type RequestContext } from '../../platform/request-context.ts';

const schemas = new WeakMap<RequestContext['services'], ReturnType<typeof bookingRequestInput>>();

/** The input schema needs "today": built once per services object from its clock and business zone. */
export function requestInputFor(ctx: Pick<RequestContext, 'services'>) {
  let schema = schemas.get(ctx.services);
  if (!schema) {
    schema = bookingRequestInput({ now: ctx.services.now, businessTimeZone: ctx.services.config.businessTimeZone });
    schemas.set(ctx.services, schema);
  }
  return schema;
}

export async function requestHandler({ ctx, input }: { ctx: RequestContext; input: unknown }) {
  const parsed = requestInputFor(ctx).parse(input);
  const { booking } = await ctx.services.bookings.request(parsed, commandContext(ctx));
  return { booking };
}
