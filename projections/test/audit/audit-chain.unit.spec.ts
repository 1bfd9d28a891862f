/** canonicalJson against a plain reference, through its shape caches. */
import { describe, expect, it } from 'vitest';
import { type ChainedContent, GENESIS_HASH, canonicalJson, chainHash, chainHashOfJson, chainedContentJson, sameCanonicalJson } from '../../src/audit/audit-chain.ts';

/** The definition, written plainly: keys sorted at every depth (integer-like keys too: as strings), undefined left out. */
function reference(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : reference(item))).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${reference(record[key])}`).join(',')}}`;
}


describe('canonicalJson', () => {
  it('gives the same text for objects of the same keys in any order, across more shapes than it keeps as recent', () => {
    const keys = ['b', 'a', 'zeta', 'Alpha', '10', '9', 'é', 'a_b', 'a-b', ''];
    const objects: Record<string, unknown>[] = [];
    // Every rotation and length of the key list: dozens of shapes, some sharing a prefix, some the same keys reordered.
    for (let length = 0; length <= keys.length; length++) {
      for (let start = 0; start < keys.length; start++) {
        const object: Record<string, unknown> = {};
        for (let i = 0; i < length; i++) {
          const key = keys[(start + i) % keys.length]!;
          object[key] = i % 3 === 0 ? { [key]: i, nested: [key, null, undefined] } : i % 3 === 1 ? `${key}"${i}` : i % 2 === 0 ? undefined : null;
        }
        objects.push(object);
      }
    }
    for (let round = 0; round < 2; round++) {
      for (const object of objects) expect(canonicalJson(object)).toBe(reference(object));
    }
    // Same keys, another order: the same text.
    expect(canonicalJson({ a: 1, b: { y: 2, x: 1 } })).toBe(canonicalJson({ b: { x: 1, y: 2 }, a: 1 }));
  });

  it('does not confuse two lists of keys that join to the same text', () => {
    expect(canonicalJson({ 'a,b': 1 })).toBe('{"a,b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe('{"a":1,"b":2}');
    expect(canonicalJson({ ab: 1 })).toBe('{"ab":1}');
  });

  it('compares values by their canonical JSON', () => {
    expect(sameCanonicalJson({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(sameCanonicalJson(null, undefined)).toBe(true);
    expect(sameCanonicalJson(null, 'x')).toBe(false);
    expect(sameCanonicalJson({ a: 1 }, { a: 2 })).toBe(false);
    // A null (or what serialises as null) against anything: as their canonical JSON compare.
    const values = [null, undefined, NaN, Infinity, 0, '', 'null', false, [], {}, [null], { a: null }, new Date(0)];
    for (const a of values) {
      for (const b of values) expect(sameCanonicalJson(a, b), `${String(a)} vs ${String(b)}`).toBe(canonicalJson(a) === canonicalJson(b));
    }
  });

  it('an entry made from the canonical JSON of its changes and details is the canonical JSON of the whole entry', () => {
    const base: ChainedContent = {
      position: 7,
      id: 'e1',
      eventType: 'CustomerUpdated',
      timestamp: '2030-01-01T00:00:00.000Z',
      userId: 'u1',
      userName: 'Ada "A" \\ L.',
      userRole: 'admin',
      ipAddress: '10.0.0.1',
      userAgent: 'curl/8\t',
      sessionId: null,
      correlationId: 'c1',
      entity: 'customer',
      entityId: 'x',
      action: 'UPDATE',
      outcome: 'success',
      riskLevel: 'low',
      changes: [{ field: 'city', oldValue: null, newValue: { b: 1, a: [undefined, 'x'] } }],
      details: { z: 1, a: { d: 2, c: undefined }, viaApiKey: 'k' },
    };
    const variants: ChainedContent[] = [base, { ...base, userId: null, userName: null, ipAddress: null, changes: [], details: {} }, { ...base, position: 1e15, entityId: '' }];
    for (const content of variants) {
      const json = chainedContentJson(content, canonicalJson(content.changes), canonicalJson(content.details));
      expect(json).toBe(canonicalJson(content));
      expect(json).toBe(reference(content));
      expect(chainHashOfJson(json, GENESIS_HASH)).toBe(chainHash(content, GENESIS_HASH));
    }
  });
});
