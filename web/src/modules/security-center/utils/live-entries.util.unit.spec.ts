import { describe, expect, it } from 'vitest';
import type { AuditEntryRow } from '../../audit/utils/audit-entry.types.ts';
import { addLiveEntry, matchesAuditFilters, mergeEntries } from './live-entries.util.ts';

const entry = (position: number, over: Partial<AuditEntryRow> = {}): AuditEntryRow =>
  ({
    id: `e${position}`,
    position,
    timestamp: '2030-01-01T00:00:00.000Z',
    eventType: 'CustomerUpdated',
    userId: 'u1',
    userName: 'Mona Manager',
    userRole: 'manager',
    action: 'UPDATE',
    entity: 'customer',
    entityId: 'c-123',
    outcome: 'success',
    riskLevel: 'low',
    ipAddress: '203.0.113.9',
    userAgent: null,
    device: 'desktop',
    browser: 'Chrome',
    os: 'Linux',
    location: 'Local network',
    sessionId: null,
    correlationId: null,
    changes: [],
    details: {},
    hash: 'h',
    ...over,
  }) as AuditEntryRow;

describe('live audit entries', () => {
  it('match the tab’s search (user, action, IP, record id; any case) and its risk exactly', () => {
    expect(matchesAuditFilters(entry(1), { search: '', risk: 'all' })).toBe(true);
    expect(matchesAuditFilters(entry(1), { search: 'mona', risk: 'all' })).toBe(true);
    expect(matchesAuditFilters(entry(1), { search: 'update', risk: 'all' })).toBe(true);
    expect(matchesAuditFilters(entry(1), { search: '203.0.113', risk: 'all' })).toBe(true);
    expect(matchesAuditFilters(entry(1), { search: 'C-123', risk: 'all' })).toBe(true);
    expect(matchesAuditFilters(entry(1), { search: 'grace', risk: 'all' })).toBe(false);
    expect(matchesAuditFilters(entry(1), { search: '', risk: 'high' })).toBe(false);
    expect(matchesAuditFilters(entry(1, { riskLevel: 'high' }), { search: '', risk: 'high' })).toBe(true);
  });

  it('are kept newest first, each once, at most the limit', () => {
    let live: AuditEntryRow[] = [];
    for (const p of [3, 5, 4, 5]) live = addLiveEntry(live, entry(p), 2);
    expect(live.map((e) => e.position)).toEqual([5, 4]);
  });

  it('go above the loaded page, without the ones the page already has', () => {
    const merged = mergeEntries([entry(12), entry(11)], [entry(11), entry(10)]);
    expect(merged.map((e) => e.position)).toEqual([12, 11, 10]);
  });
});
