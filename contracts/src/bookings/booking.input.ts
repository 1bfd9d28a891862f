import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES } from '../platform/locale.ts';
import { isValidTimeZone, todayIn, zonedWallTimeToUtc } from '../platform/zoned-time.ts';
import { BOOKING_LIMITS, BOOKING_STATUSES, MEETING_TYPES, TIME_SLOTS, type TimeSlot } from './booking.constants.ts';
import { DEFAULT_BUSINESS_DAYS, isBusinessDayAt } from './business-hours.ts';

export * from './business-hours.ts';

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
/** `Monday to Friday`, `Monday, Wednesday, Friday`: for messages. */
export function describeBusinessDays(days: readonly number[]): string {
  const names = days.map((d) => WEEKDAY_NAMES[d - 1]!);
  const contiguous = days.length > 2 && days.every((d, i) => i === 0 || d === days[i - 1]! + 1);
  return contiguous ? `${names[0]} to ${names[names.length - 1]}` : names.join(', ');
}

function isCalendarDate(d: string): boolean {
  const t = Date.parse(`${d}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(d) && Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === d;
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/**
 * The public booking request (REST `POST /api/bookings` and tRPC `bookings.request`).
 * `preferredDate`/`preferredTime` are wall-clock in `timeZone` (default: the business zone; the booking dialog
 * sends the business zone and the visitor's own as `visitorTimeZone`). `now` (the service's clock) and the
 * business hours decide what may be booked: not before today, not a slot that has started, and only on a
 * business day (on the business zone's calendar).
 */
export function bookingRequestInput(options: { now: () => Date; businessTimeZone: string; businessDays?: readonly number[] }) {
  const hours = { timeZone: options.businessTimeZone, days: [...(options.businessDays ?? DEFAULT_BUSINESS_DAYS)] };
  return z
    .object({
      name: z.string({ error: 'is required' }).trim().min(1, 'is required').max(BOOKING_LIMITS.name, `must be at most ${BOOKING_LIMITS.name} characters`),
      email: z
        .string({ error: 'is required' })
        .trim()
        .min(1, 'is required')
        .max(BOOKING_LIMITS.email)
        .pipe(z.email({ error: 'must be a valid e-mail address' })),
      company: optionalText(BOOKING_LIMITS.company),
      phone: optionalText(BOOKING_LIMITS.phone).refine((v) => v === null || /^[+()0-9 .\-/]{3,}$/.test(v), 'must be a phone number'),
      meetingType: z.enum(MEETING_TYPES, { error: `must be one of ${MEETING_TYPES.join(', ')}` }),
      preferredDate: z.string({ error: 'is required' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)').refine(isCalendarDate, 'must be a real calendar date'),
      preferredTime: z.enum(TIME_SLOTS, { error: `must be one of ${TIME_SLOTS.join(', ')}` }),
      message: optionalText(BOOKING_LIMITS.message),
      timeZone: z
        .string()
        .max(64)
        .optional()
        .nullable()
        .refine((tz) => !tz || isValidTimeZone(tz), 'must be an IANA time zone')
        .transform((tz) => tz || options.businessTimeZone),
      /** The visitor's own zone, when the slot is given in another one (their mails show the time there). */
      visitorTimeZone: z
        .string()
        .max(64)
        .optional()
        .nullable()
        .refine((tz) => !tz || isValidTimeZone(tz), 'must be an IANA time zone')
        .transform((tz) => tz || null),
      /** The visitor's language (the site's current one): their mails are written in it. */
      locale: z
        .enum(LOCALES, { error: `must be one of ${LOCALES.join(', ')}` })
        .optional()
        .nullable()
        .transform((l) => l ?? DEFAULT_LOCALE),
    })
    .superRefine((v, ctx) => {
      // zod still runs this when a field refinement failed: only compare dates in a real zone.
      if (!isValidTimeZone(v.timeZone)) return;
      const now = options.now();
      if (v.preferredDate < todayIn(v.timeZone, now)) {
        ctx.addIssue({ code: 'custom', path: ['preferredDate'], message: 'must not be before today' });
        return;
      }
      if (!isCalendarDate(v.preferredDate) || !(TIME_SLOTS as readonly string[]).includes(v.preferredTime as TimeSlot)) return;
      const startsAt = zonedWallTimeToUtc(v.preferredDate, v.preferredTime, v.timeZone);
      if (!isBusinessDayAt(hours, startsAt)) {
        ctx.addIssue({ code: 'custom', path: ['preferredDate'], message: `must be a business day (${describeBusinessDays(hours.days)})` });
      } else if (startsAt.getTime() <= now.getTime()) {
        ctx.addIssue({ code: 'custom', path: ['preferredTime'], message: 'has already started: pick a later time' });
      }
    });
}
export type BookingRequestInput = z.output<ReturnType<typeof bookingRequestInput>>;
/** What a client sends (before defaults and trimming). */
export type BookingRequestPayload = z.input<ReturnType<typeof bookingRequestInput>>;

export const bookingSetStatusInput = z.object({
  id: z.string().uuid({ error: 'must be a booking id' }),
  status: z.enum(BOOKING_STATUSES, { error: `must be one of ${BOOKING_STATUSES.join(', ')}` }),
});

export const BOOKING_DATE_RANGES = ['all', 'today', 'week', 'month'] as const;
export const BOOKING_SORTS = ['newest', 'oldest', 'name', 'status'] as const;
export const BOOKING_PAGE_SIZE_MAX = 200;

export const bookingListInput = z.object({
  search: z.string().trim().max(200).default(''),
  status: z.enum(['all', ...BOOKING_STATUSES]).default('all'),
  meetingType: z.enum(['all', ...MEETING_TYPES]).default('all'),
  dateRange: z.enum(BOOKING_DATE_RANGES).default('all'),
  sortBy: z.enum(BOOKING_SORTS).default('newest'),
  /** 1-based; counters always cover the whole filtered set. Query strings are coerced (REST). */
  page: z.coerce.number({ error: 'must be a whole number from 1' }).int('must be a whole number from 1').min(1, 'must be a whole number from 1').default(1),
  pageSize: z.coerce
    .number({ error: `must be a whole number from 1 to ${BOOKING_PAGE_SIZE_MAX}` })
    .int()
    .min(1, `must be a whole number from 1 to ${BOOKING_PAGE_SIZE_MAX}`)
    .max(BOOKING_PAGE_SIZE_MAX, `must be a whole number from 1 to ${BOOKING_PAGE_SIZE_MAX}`)
    .default(50),
});
export type BookingListInput = z.infer<typeof bookingListInput>;

/** A row of the bookings read model, as the admin screens and REST clients receive it. */
export interface BookingView {
  id: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  meetingType: (typeof MEETING_TYPES)[number];
  preferredDate: string;
  preferredTime: string;
  timeZone: string;
  startsAt: string;
  message: string | null;
  status: (typeof BOOKING_STATUSES)[number];
  createdAt: string;
  updatedAt: string;
}
