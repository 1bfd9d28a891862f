import type { z } from 'zod';
import { analyticsEventSchemas } from '../analytics/analytics.events.ts';
import { bookingEventSchemas } from '../bookings/booking.events.ts';
import { customerEventSchemas } from '../customers/customer.events.ts';
import { taskEventSchemas } from '../tasks/task.events.ts';
import { dealEventSchemas } from '../deals/deal.events.ts';
import { contactEventSchemas } from '../contact/contact.events.ts';
import { newsletterEventSchemas } from '../newsletter/newsletter.events.ts';
import { userEventSchemas } from '../identity/user.events.ts';
import { ipBlockEventSchemas } from '../security/ip-block.events.ts';
import { loginEventSchemas } from '../security/login.events.ts';

/** Every event type the platform writes, with its current schema version and zod schema. */
export const eventSchemas: Record<string, { version: number; schema: z.ZodType }> = {
  ...bookingEventSchemas,
  ...userEventSchemas,
  ...loginEventSchemas,
  ...ipBlockEventSchemas,
  ...contactEventSchemas,
  ...newsletterEventSchemas,
  ...analyticsEventSchemas,
  ...customerEventSchemas,
  ...taskEventSchemas,
  ...dealEventSchemas,
};

/** Validates a domain event's data against its contract before it is written. */
export function validateEventData(type: string, data: unknown): { schemaVersion: number; data: unknown } {
  const entry = eventSchemas[type];
  if (!entry) throw new Error(`Unknown event type: ${type}`);
  return { schemaVersion: entry.version, data: entry.schema.parse(data) };
}
