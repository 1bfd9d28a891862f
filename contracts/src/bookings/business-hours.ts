/**
 * The business's bookable days and hours: the nine TIME_SLOTS are wall-clock times in the business zone
 * (BUSINESS_TZ) on its business days (BUSINESS_DAYS, ISO weekdays: 1 = Monday … 7 = Sunday).
 */
import { todayIn, zonedWallTimeToUtc } from '../platform/zoned-time.ts';

export const DEFAULT_BUSINESS_DAYS = [1, 2, 3, 4, 5] as const;

export interface BusinessHours {
  timeZone: string;
  /** ISO weekdays, ascending. */
  days: number[];
}

/** `1-5`, `1,2,3,4,5`, `1-3,5` → ISO weekdays ascending; throws on anything else. */
export function parseBusinessDays(spec: string): number[] {
  const days = new Set<number>();
  for (const part of spec.split(',').map((p) => p.trim())) {
    const m = /^([1-7])(?:\s*-\s*([1-7]))?$/.exec(part);
    if (!m) throw new Error(`"${part}" is not an ISO weekday (1-7) or a range of them (1-5)`);
    const from = Number(m[1]);
    const to = Number(m[2] ?? m[1]);
    if (to < from) throw new Error(`"${part}" is a backwards range`);
    for (let d = from; d <= to; d++) days.add(d);
  }
  return [...days].sort((a, b) => a - b);
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a calendar date (YYYY-MM-DD). */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The instant a slot (date and HH:MM in the business zone) starts. */
export const businessSlotStart = (hours: Pick<BusinessHours, 'timeZone'>, date: string, time: string): Date =>
  zonedWallTimeToUtc(date, time, hours.timeZone);

/** Whether an instant falls on a business day, on the business zone's calendar. */
export const isBusinessDayAt = (hours: BusinessHours, instant: Date): boolean => hours.days.includes(isoWeekday(todayIn(hours.timeZone, instant)));
