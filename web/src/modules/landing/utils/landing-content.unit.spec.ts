import { describe, expect, it } from 'vitest';
import { formatLandingStat, LANDING_STATS } from './landing-content.util.ts';

const formatted = (locale: string) => LANDING_STATS.map((stat) => formatLandingStat(stat, locale));

describe('landing stats', () => {
  it('reads 20+, 90M+, 99.9%, 30+ in English (spec 01 §9)', () => {
    expect(formatted('en')).toEqual(['20+', '90M+', '99.9%', '30+']);
  });

  it('follows the locale: French decimal comma and spaced units', () => {
    const [customers, orders, uptime, countries] = formatted('fr').map((text) => text.replace(/\s/g, ' '));
    expect([customers, countries]).toEqual(['20+', '30+']);
    expect(orders).toBe('90 M+');
    expect(uptime).toBe('99,9 %');
  });

  it('formats Arabic numbers with the Arabic locale rules', () => {
    const ar = formatted('ar');
    expect(ar).toHaveLength(4);
    expect(ar[2]).toBe(new Intl.NumberFormat('ar', { style: 'percent', maximumFractionDigits: 1 }).format(0.999));
    for (const text of ar) expect(text).not.toBe('');
  });
});
