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
});
