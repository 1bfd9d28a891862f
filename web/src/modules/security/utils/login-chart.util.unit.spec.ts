import { describe, expect, it } from 'vitest';
import { continuousDays } from './login-chart.util.ts';

const day = (d: string, success = 0, failed = 0, suspicious = 0) => ({ day: d, success, failed, suspicious });

describe('continuousDays', () => {
  it('is empty without attempts', () => {
    expect(continuousDays([])).toEqual([]);
  });

  it('shows at least a week, ending on the last day with attempts', () => {
    expect(continuousDays([day('2030-03-02', 1)])).toEqual([
      day('2030-02-24'),
      day('2030-02-25'),
      day('2030-02-26'),
      day('2030-02-27'),
      day('2030-02-28'),
      day('2030-03-01'),
      day('2030-03-02', 1),
    ]);
  });

  it('fills the gaps between days with zeros', () => {
    const out = continuousDays([day('2030-01-01', 1), day('2030-01-10', 0, 2)]);
    expect(out).toHaveLength(10);
    expect(out[0]).toEqual(day('2030-01-01', 1));
    expect(out[4]).toEqual(day('2030-01-05'));
    expect(out[9]).toEqual(day('2030-01-10', 0, 2));
  });
});
