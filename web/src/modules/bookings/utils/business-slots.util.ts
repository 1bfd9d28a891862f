import { businessSlotStart, isoWeekday } from '@crm/contracts/bookings/business-hours';
import type { TimeSlot } from '@crm/contracts/bookings/booking.constants';

export interface Availability {
  timeZone: string;
  businessDays: number[];
  slots: TimeSlot[];
  /** The server's clock when it answered. */
  now: string;
}

export interface SlotOption {
  /** The slot as the server takes it: wall-clock in the business zone. */
  value: TimeSlot;
  /** The same instant in the visitor's zone (with its day when that differs from the chosen date). */
  label: string;
}

const dateIn = (timeZone: string, instant: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

export const isBusinessDate = (availability: Availability, date: string) => availability.businessDays.includes(isoWeekday(date));

/** The slots of a business date that have not started, labelled in the visitor's zone. */
export function slotOptions(availability: Availability, date: string, visitorZone: string, locale: string, now: Date): SlotOption[] {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !isBusinessDate(availability, date)) return [];
  const time = new Intl.DateTimeFormat(locale, { timeZone: visitorZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const day = new Intl.DateTimeFormat(locale, { timeZone: visitorZone, weekday: 'short', day: 'numeric', month: 'short' });
  return availability.slots.flatMap((slot) => {
    const start = businessSlotStart(availability, date, slot);
    if (start.getTime() <= now.getTime()) return [];
    const label = dateIn(visitorZone, start) === date ? time.format(start) : `${time.format(start)} (${day.format(start)})`;
    return [{ value: slot, label }];
  });
}

/** The first date (business zone's calendar) that still has a slot: the date input's minimum. */
export function firstBookableDate(availability: Availability, visitorZone: string, locale: string, now: Date): string {
  let instant = now;
  for (let i = 0; i < 14; i++) {
    const date = dateIn(availability.timeZone, instant);
    if (slotOptions(availability, date, visitorZone, locale, now).length > 0) return date;
    instant = new Date(instant.getTime() + 86_400_000);
  }
  return dateIn(availability.timeZone, now);
}

/** The first and last business day's names in the reader's language ("Monday", "Friday"). */
export function businessDayRange(availability: Availability, locale: string): { first: string; last: string } {
  // 2024-01-01 was a Monday: ISO weekday d is 2024-01-0d.
  const name = (d: number) => new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, d)));
  return { first: name(availability.businessDays[0] ?? 1), last: name(availability.businessDays[availability.businessDays.length - 1] ?? 5) };
}
