import { TIME_SLOTS } from '@crm/contracts';
import type { RequestContext } from '../../platform/request-context.ts';

/**
 * Public: what the booking dialog may offer: the nine slots (wall-clock in `timeZone`), the business days
 * (ISO weekdays, 1 = Monday) and the server's clock, so a visitor's skewed clock cannot offer a started slot.
 */
export const availabilityHandler = ({ ctx }: { ctx: RequestContext }) => ({
  timeZone: ctx.services.bookingHours.timeZone,
  businessDays: ctx.services.bookingHours.days,
  slots: [...TIME_SLOTS],
  now: ctx.services.now().toISOString(),
});
