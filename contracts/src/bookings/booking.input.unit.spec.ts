import { describe, expect, it } from 'vitest';
import { bookingRequestInput } from './booking.input.ts';

// A Wednesday morning in Paris: later slots of the same day and the next days are bookable.
const now = new Date('2026-11-25T07:00:00Z');
const input = bookingRequestInput({ now: () => now, businessTimeZone: 'Europe/Paris' });
const request = (preferredDate: string, preferredTime = '10:00') =>
  input.safeParse({ name: 'Ada', email: 'ada@example.com', meetingType: 'demo', preferredDate, preferredTime });
const messages = (preferredDate: string) => {
  const parsed = request(preferredDate);
  return parsed.success ? [] : parsed.error.issues.filter((i) => i.path[0] === 'preferredDate').map((i) => i.message);
};

describe('bookingRequestInput: preferredDate', () => {
  it('takes real calendar dates, leap days included', () => {
    expect(request('2026-11-25').success).toBe(true);
    expect(request('2026-12-31').success).toBe(true);
    expect(request('2028-02-29').success).toBe(true); // a Tuesday of a leap year
    expect(request('2400-02-29').success).toBe(true); // a Tuesday: every 400 years is a leap year
  });

  it.each(['2026-02-29', '2100-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-12-00', '2026-12-32'])('refuses %s as not a calendar date', (date) => {
    expect(messages(date)).toContain('must be a real calendar date');
  });

  it.each(['26-12-01', '2026-1-05', '2026-12-01T10:00', ' 2026-12-01', '２０２６-12-01'])('refuses %j as not a date', (date) => {
    expect(messages(date)).toContain('must be a date (YYYY-MM-DD)');
  });

  it('refuses a day before today and a weekend, on the business calendar', () => {
    expect(messages('2026-11-24')).toEqual(['must not be before today']);
    expect(messages('2026-11-28')).toEqual(['must be a business day (Monday to Friday)']);
  });
});
