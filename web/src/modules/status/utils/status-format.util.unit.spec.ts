import { describe, expect, it } from 'vitest';
import { formatDay, formatPercent } from './status-format.util.ts';

describe('status formatting per locale', () => {
  it('percentages keep up to two decimals, written the locale’s way', () => {
    expect(formatPercent(99.95, 'en')).toBe('99.95%');
    expect(formatPercent(100, 'en')).toBe('100%');
    expect(formatPercent(66.66, 'fr')).toBe(new Intl.NumberFormat('fr', { style: 'percent', maximumFractionDigits: 2 }).format(0.6666));
    expect(formatPercent(66.66, 'fr')).toMatch(/^66,66\s?%$/);
  });

  it('a UTC day stays that day whatever the visitor’s time zone', () => {
    expect(formatDay('2026-11-21', 'en')).toBe('Nov 21, 2026');
    expect(formatDay('2026-01-01', 'fr')).toBe('1 janv. 2026');
  });
});
