import type { BookingListInput } from '@crm/contracts';
import type { RequestContext } from '../../platform/request-context.ts';

export const listHandler = ({ ctx, input }: { ctx: RequestContext; input: BookingListInput }) =>
  ctx.services.bookings.list(input, ctx.services.now());
