import type { z } from 'zod';
import type { bookingSetStatusInput } from '@crm/contracts';
import { commandContext, type RequestContext } from '../../platform/request-context.ts';

export async function setStatusHandler({ ctx, input }: { ctx: RequestContext; input: z.infer<typeof bookingSetStatusInput> }) {
  const booking = await ctx.services.bookings.setStatus(input.id, input.status, commandContext(ctx));
  return { booking };
}
