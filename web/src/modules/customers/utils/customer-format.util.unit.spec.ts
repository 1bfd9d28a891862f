import { describe, expect, it } from 'vitest';
import { formatBytes, fromDateTimeLocal, toDateTimeLocal } from './customer-format.util.ts';

describe('formatBytes', () => {
  it('spells out bytes and abbreviates kB and MB in English', () => {
    expect(formatBytes(21, 'en')).toBe('21 bytes');
    expect(formatBytes(1, 'en')).toBe('1 byte');
    expect(formatBytes(0, 'en')).toBe('0 bytes');
    expect(formatBytes(1536, 'en')).toBe('1.5 kB');
    expect(formatBytes(Math.round(1.2 * 1024 * 1024), 'en')).toBe('1.2 MB');
    expect(formatBytes(10 * 1024 * 1024, 'en')).toBe('10 MB');
  });
  it('uses the locale’s units and decimal separator', () => {
    expect(formatBytes(21, 'fr')).toMatch(/^21\soctets$/u);
    expect(formatBytes(Math.round(1.2 * 1024 * 1024), 'fr')).toMatch(/^1,2\sMo$/);
    expect(formatBytes(21, 'ar')).toMatch(/بايت/);
    expect(formatBytes(Math.round(1.2 * 1024 * 1024), 'ar')).not.toMatch(/MB/);
  });
});

describe('datetime-local values', () => {
  it('round-trip an instant in the browser’s zone and refuse what is not a time', () => {
    const at = new Date(2026, 10, 20, 9, 30);
    expect(toDateTimeLocal(at)).toBe('2026-11-20T09:30');
    expect(fromDateTimeLocal('2026-11-20T09:30')).toBe(at.toISOString());
    expect(fromDateTimeLocal('')).toBeNull();
    expect(fromDateTimeLocal('yesterday')).toBeNull();
  });
});
