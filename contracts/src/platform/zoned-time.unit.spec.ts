import { describe, expect, it } from 'vitest';
import { todayIn, zonedWallTimeToUtc } from './zoned-time.ts';

describe('zonedWallTimeToUtc', () => {
  it('converts wall-clock times in a zone, across daylight saving changes', () => {
    expect(zonedWallTimeToUtc('2026-01-15', '09:30', 'Europe/Paris').toISOString()).toBe('2026-01-15T08:30:00.000Z');
    expect(zonedWallTimeToUtc('2026-07-15', '09:30', 'Europe/Paris').toISOString()).toBe('2026-07-15T07:30:00.000Z');
    // Days after the spring change and on the autumn one (New York: EDT until 1 November, EST from then).
    expect(zonedWallTimeToUtc('2026-03-30', '10:00', 'America/New_York').toISOString()).toBe('2026-03-30T14:00:00.000Z');
    expect(zonedWallTimeToUtc('2026-11-01', '12:00', 'America/New_York').toISOString()).toBe('2026-11-01T17:00:00.000Z');
    expect(zonedWallTimeToUtc('2026-05-01', '08:00', 'Asia/Riyadh').toISOString()).toBe('2026-05-01T05:00:00.000Z');
  });

  it('answers the same instant again, as a new Date each time (callers may change theirs)', () => {
    const first = zonedWallTimeToUtc('2026-12-24', '16:45', 'Asia/Tokyo');
    first.setUTCFullYear(1999);
    const again = zonedWallTimeToUtc('2026-12-24', '16:45', 'Asia/Tokyo');
    expect(again.toISOString()).toBe('2026-12-24T07:45:00.000Z');
    expect(again).not.toBe(first);
  });

  it('keeps answering correctly past its cache bound', () => {
    for (let i = 0; i < 10_050; i++) {
      const minutes = i % 1440;
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      const date = `2026-${String((Math.floor(i / 1440) % 12) + 1).padStart(2, '0')}-10`;
      expect(zonedWallTimeToUtc(date, time, 'UTC').toISOString()).toBe(`${date}T${time}:00.000Z`);
    }
  });
});

describe('todayIn', () => {
  it('gives the calendar date in the zone', () => {
    const now = new Date('2026-11-26T23:30:00Z');
    expect(todayIn('UTC', now)).toBe('2026-11-26');
    expect(todayIn('Asia/Tokyo', now)).toBe('2026-11-27');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-11-26');
  });

  it('changes date at the zone\'s midnight, to the minute', () => {
    // Kathmandu is UTC+05:45: its midnight falls at 18:15 UTC.
    expect(todayIn('Asia/Kathmandu', new Date('2026-11-26T18:14:59.999Z'))).toBe('2026-11-26');
    expect(todayIn('Asia/Kathmandu', new Date('2026-11-26T18:15:00.000Z'))).toBe('2026-11-27');
    expect(todayIn('Asia/Kathmandu', new Date('2026-11-26T18:14:00.000Z'))).toBe('2026-11-26');
    // Chatham is UTC+13:45 in its summer.
    expect(todayIn('Pacific/Chatham', new Date('2026-12-31T10:14:59Z'))).toBe('2026-12-31');
    expect(todayIn('Pacific/Chatham', new Date('2026-12-31T10:15:00Z'))).toBe('2027-01-01');
  });

  it('gives the date in a zone whose offset had seconds (Monrovia was UTC-00:44:30 until 1972)', () => {
    expect(todayIn('Africa/Monrovia', new Date('1970-06-01T00:44:29Z'))).toBe('1970-05-31');
    expect(todayIn('Africa/Monrovia', new Date('1970-06-01T00:44:31Z'))).toBe('1970-06-01');
  });
});
