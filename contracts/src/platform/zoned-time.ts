/** Time-zone helpers built on Intl only (no tz database copy of our own). */

/** Building an Intl.DateTimeFormat is costly: one per zone and purpose, reused. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: 'parts' | 'date', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    f =
      kind === 'parts'
        ? new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
        : new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(key, f);
  }
  return f;
}

export function isValidTimeZone(tz: string): boolean {
  try {
    formatter('date', tz);
    return true;
  } catch {
    return false;
  }
}

function offsetMinutesAt(instant: number, timeZone: string): number {
  const parts = formatter('parts', timeZone).formatToParts(new Date(instant));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60000);
}

/**
 * Instants already converted, by date, time and zone: the conversion is pure (zone rules do not change while the
 * process runs) and costs two `formatToParts` calls (~11 µs), paid by every booking's validation otherwise.
 * Bounded: cleared when it reaches ZONED_CACHE_MAX entries.
 */
const zonedInstants = new Map<string, number>();
const ZONED_CACHE_MAX = 10_000;

/** The UTC instant of a wall-clock date (YYYY-MM-DD) and time (HH:MM) in an IANA zone. */
export function zonedWallTimeToUtc(date: string, time: string, timeZone: string): Date {
  const key = `${date}|${time}|${timeZone}`;
  let instant = zonedInstants.get(key);
  if (instant === undefined) {
    instant = convertWallTime(date, time, timeZone);
    if (zonedInstants.size >= ZONED_CACHE_MAX) zonedInstants.clear();
    zonedInstants.set(key, instant);
  }
  return new Date(instant);
}

function convertWallTime(date: string, time: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // Two passes settle the offset around DST transitions.
  let guess = wall - offsetMinutesAt(wall, timeZone) * 60000;
  guess = wall - offsetMinutesAt(guess, timeZone) * 60000;
  return guess;
}

/** Today's calendar date (YYYY-MM-DD) in a zone. */
export function todayIn(timeZone: string, now: Date): string {
  return formatter('date', timeZone).format(now);
}
