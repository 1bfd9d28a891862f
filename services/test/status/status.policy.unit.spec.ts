import { describe, expect, it } from 'vitest';
import {
  THRESHOLDS,
  dailyBars,
  deriveIncidents,
  latencyState,
  overallState,
  projectionsState,
  queueState,
  windowDays,
  windowUptime,
  type DayCounts,
  type StateRun,
} from '../../src/status/status.policy.ts';

const at = (iso: string) => new Date(iso);
/** A raw sample is a run of one. */
const sample = (service: StateRun['service'], iso: string, state: StateRun['state']): StateRun => ({ service, state, from: at(iso), to: at(iso) });

describe('state thresholds', () => {
  it('api and event store: fast is operational, slow degraded, no answer an outage', () => {
    expect(latencyState(3)).toBe('operational');
    expect(latencyState(THRESHOLDS.slowResponseMs - 1)).toBe('operational');
    expect(latencyState(THRESHOLDS.slowResponseMs)).toBe('degraded');
    expect(latencyState(null)).toBe('outage');
  });

  it('projections: the worst projection decides', () => {
    const live = { name: 'a', running: true, status: 'live', lagMs: 0 };
    expect(projectionsState([live, { ...live, name: 'b', lagMs: THRESHOLDS.projectionLagMs - 1 }])).toBe('operational');
    expect(projectionsState([live, { ...live, name: 'b', lagMs: THRESHOLDS.projectionLagMs }])).toBe('degraded');
    expect(projectionsState([live, { ...live, name: 'b', status: 'rebuilding' }])).toBe('degraded');
    expect(projectionsState([{ ...live, lagMs: 60_000 }, { ...live, name: 'b', running: false }])).toBe('outage');
    expect(projectionsState([live, { ...live, name: 'b', status: null }])).toBe('outage');
  });

  it('queue: the age of the oldest waiting mail', () => {
    expect(queueState(null)).toBe('operational');
    expect(queueState(THRESHOLDS.queueWaitDegradedMs - 1)).toBe('operational');
    expect(queueState(THRESHOLDS.queueWaitDegradedMs)).toBe('degraded');
    expect(queueState(THRESHOLDS.queueWaitOutageMs)).toBe('outage');
  });

  it('overall: the worst known state, unknown only when nothing is known', () => {
    expect(overallState(['operational', 'operational', 'operational', 'operational'])).toBe('operational');
    expect(overallState(['operational', 'degraded', 'unknown', 'operational'])).toBe('degraded');
    expect(overallState(['degraded', 'outage', 'operational', 'operational'])).toBe('outage');
    expect(overallState(['unknown', 'unknown'])).toBe('unknown');
  });
});

describe('incident derivation', () => {
  it('no incident while everything is operational', () => {
    expect(deriveIncidents([sample('api', '2026-11-01T00:00:00Z', 'operational'), sample('api', '2026-11-01T00:01:00Z', 'operational')])).toEqual([]);
  });

  it('consecutive non-operational samples form one incident, resolved at the next operational sample, with the worst state', () => {
    const runs = [
      sample('queue', '2026-11-01T10:00:00Z', 'operational'),
      sample('queue', '2026-11-01T10:01:00Z', 'degraded'),
      sample('queue', '2026-11-01T10:02:00Z', 'outage'),
      sample('queue', '2026-11-01T10:03:00Z', 'degraded'),
      sample('queue', '2026-11-01T10:04:00Z', 'operational'),
    ];
    expect(deriveIncidents(runs)).toEqual([
      { service: 'queue', state: 'resolved', worstState: 'outage', startedAt: '2026-11-01T10:01:00.000Z', endedAt: '2026-11-01T10:04:00.000Z' },
    ]);
  });

  it('an incident without a later operational sample is ongoing; services are independent; newest first', () => {
    const runs = [
      sample('api', '2026-11-02T00:00:00Z', 'degraded'),
      sample('projections', '2026-11-01T00:00:00Z', 'degraded'),
      sample('api', '2026-11-01T00:00:00Z', 'operational'),
      sample('projections', '2026-11-01T00:05:00Z', 'operational'),
      sample('projections', '2026-11-03T00:00:00Z', 'outage'),
    ];
    expect(deriveIncidents(runs)).toEqual([
      { service: 'projections', state: 'ongoing', worstState: 'outage', startedAt: '2026-11-03T00:00:00.000Z', endedAt: null },
      { service: 'api', state: 'ongoing', worstState: 'degraded', startedAt: '2026-11-02T00:00:00.000Z', endedAt: null },
      { service: 'projections', state: 'resolved', worstState: 'degraded', startedAt: '2026-11-01T00:00:00.000Z', endedAt: '2026-11-01T00:05:00.000Z' },
    ]);
  });

  it('works on compressed runs the same as on samples', () => {
    const runs: StateRun[] = [
      { service: 'eventStore', state: 'operational', from: at('2026-11-01T00:00:00Z'), to: at('2026-11-01T05:00:00Z') },
      { service: 'eventStore', state: 'outage', from: at('2026-11-01T05:01:00Z'), to: at('2026-11-01T05:30:00Z') },
      { service: 'eventStore', state: 'operational', from: at('2026-11-01T05:31:00Z'), to: at('2026-11-02T00:00:00Z') },
    ];
    expect(deriveIncidents(runs)).toEqual([
      { service: 'eventStore', state: 'resolved', worstState: 'outage', startedAt: '2026-11-01T05:01:00.000Z', endedAt: '2026-11-01T05:31:00.000Z' },
    ]);
  });
});

describe('daily uptime aggregation', () => {
  const now = at('2026-11-21T09:30:00Z');
  const days = windowDays(now, 90);

  it('the window is 90 UTC days ending today, oldest first', () => {
    expect(days).toHaveLength(90);
    expect(days[89]).toBe('2026-11-21');
    expect(days[0]).toBe('2026-08-24');
    expect(new Set(days).size).toBe(90);
  });

  it('a bar per day: uptime counts operational and degraded samples as available; days without samples have no data', () => {
    const counts: DayCounts[] = [
      { service: 'api', date: '2026-11-20', operational: 1440, degraded: 0, outage: 0 },
      { service: 'api', date: '2026-11-21', operational: 500, degraded: 60, outage: 10 },
      { service: 'api', date: '2026-10-01', operational: 0, degraded: 10, outage: 0 },
      { service: 'queue', date: '2026-11-21', operational: 0, degraded: 0, outage: 3 },
    ];
    const bars = dailyBars(counts, 'api', days);
    expect(bars).toHaveLength(90);
    expect(bars[89]).toEqual({ date: '2026-11-21', uptime: 98.24, state: 'outage', samples: 570 });
    expect(bars[88]).toEqual({ date: '2026-11-20', uptime: 100, state: 'operational', samples: 1440 });
    expect(bars.find((b) => b.date === '2026-10-01')).toEqual({ date: '2026-10-01', uptime: 100, state: 'degraded', samples: 10 });
    expect(bars.filter((b) => b.uptime === null)).toHaveLength(87);
    expect(bars[0]).toEqual({ date: '2026-08-24', uptime: null, state: 'unknown', samples: 0 });
    expect(dailyBars(counts, 'queue', days)[89]).toEqual({ date: '2026-11-21', uptime: 0, state: 'outage', samples: 3 });
  });

  it('window uptime is weighted by samples, ignores days outside the window, null without data, never rounds up to 100', () => {
    const counts: DayCounts[] = [
      { service: 'api', date: '2026-11-20', operational: 9999, degraded: 0, outage: 1 },
      { service: 'api', date: '2026-11-21', operational: 0, degraded: 0, outage: 0 },
      { service: 'api', date: '2026-01-01', operational: 0, degraded: 0, outage: 500 },
    ];
    expect(windowUptime(counts, 'api', days)).toBe(99.99);
    expect(windowUptime(counts, 'queue', days)).toBeNull();
    expect(
      windowUptime(
        [
          { service: 'eventStore', date: '2026-11-20', operational: 3, degraded: 0, outage: 1 },
          { service: 'eventStore', date: '2026-11-21', operational: 0, degraded: 4, outage: 0 },
        ],
        'eventStore',
        days,
      ),
    ).toBe(87.5);
  });
});
