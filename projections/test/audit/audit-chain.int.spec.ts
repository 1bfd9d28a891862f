/**
 * The audit log's hash chain on a real PostgreSQL: the projection's hashes do not depend on how the events are cut
 * into batches (a rebuild gives the same hashes), the walk verifies them, and a row changed, removed or reordered in
 * the database is reported at exactly that entry. Canonical JSON does not depend on key order.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RecordedEvent, customerStreamId } from '@crm/contracts';
import { GENESIS_HASH, canonicalJson, chainHash, sameCanonicalJson } from '../../src/audit/audit-chain.ts';
import { auditLogProjection } from '../../src/audit/audit-log.projection.ts';
import { verifyAuditChain } from '../../src/audit/audit-log.queries.ts';
import type { PhysicalTables } from '../../src/runner/projection.ts';
import { bulkQueryable } from '../../src/runner/read-model-table.ts';
import { createTestDatabase, type TestDatabase } from '../../../test-support/db.ts';

let database: TestDatabase;
let pool: pg.Pool;

/** The projection's tables under their logical names (the queries read those names). */
const LOGICAL: PhysicalTables = Object.fromEntries(auditLogProjection.tables.map((t) => [t, t]));
const generation = (n: number): PhysicalTables => Object.fromEntries(auditLogProjection.tables.map((t) => [t, `${t}_x${n}`]));

/** `bulk`: as a rebuild applies its batches (COPY, one memo across the batches). */
async function build(tables: PhysicalTables, events: RecordedEvent[], batch: number, bulk = false) {
  const client = await pool.connect();
  const memo = new Map<string, unknown>();
  try {
    await client.query('BEGIN');
    await auditLogProjection.setup(client, tables);
    await auditLogProjection.indexes?.(client, tables);
    await client.query('COMMIT');
    for (let i = 0; i < events.length; i += batch) {
      await client.query('BEGIN');
      await auditLogProjection.apply(bulk ? bulkQueryable(client, memo) : client, events.slice(i, i + batch), tables);
      await client.query('COMMIT');
    }
  } finally {
    client.release();
  }
}

const by = randomUUID();
function history(count: number): RecordedEvent[] {
  const t0 = Date.parse('2030-01-01T00:00:00.000Z');
  const out: RecordedEvent[] = [];
  for (let i = 0; i < count; i++) {
    const customerId = randomUUID();
    const at = new Date(t0 + i * 1000).toISOString();
    const base = { schemaVersion: 1, metadata: { correlationId: `c${i}`, userId: by, ip: '127.0.0.1', userAgent: 'curl/8' }, streamId: customerStreamId(customerId), checkpoint: String(out.length) };
    out.push({
      ...base,
      id: randomUUID(),
      type: 'CustomerCreated',
      streamVersion: 0,
      timestamp: new Date(at),
      data: { customerId, name: `C ${i}`, email: null, phone: null, company: null, website: null, address: null, city: null, country: null, industry: null, leadSource: null, notes: null, status: 'lead', leadScore: 5, assignedTo: null, tags: ['a', 'b'], createdAt: at, createdBy: by },
    });
    out.push({ ...base, id: randomUUID(), type: 'CustomerUpdated', streamVersion: 1, timestamp: new Date(at), data: { customerId, changes: { city: 'Rome', notes: 'x'.repeat(i) }, updatedAt: at, updatedBy: by } });
  }
  return out;
}

beforeAll(async () => {
  database = await createTestDatabase('external');
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

describe('audit hash chain', () => {
  it('canonical JSON sorts keys at every depth and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: undefined }], c: null } })).toBe('{"a":{"c":null,"d":[2,{"z":1}]},"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
    expect(canonicalJson([undefined, NaN, -0, new Date('2030-01-01T00:00:00.000Z'), 'é"\\'])).toBe('[null,null,0,"2030-01-01T00:00:00.000Z","é\\"\\\\"]');
    // Field changes compare canonical JSON, with a shortcut for strings and booleans.
    expect(sameCanonicalJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameCanonicalJson(null, undefined)).toBe(true);
    expect(sameCanonicalJson(NaN, null)).toBe(true);
    expect(sameCanonicalJson('a', 'a')).toBe(true);
    expect(sameCanonicalJson('a', 'b')).toBe(false);
    expect(sameCanonicalJson('true', true)).toBe(false);
    expect(sameCanonicalJson('1', 1)).toBe(false);
    expect(sameCanonicalJson(null, 'x')).toBe(false);
    expect(sameCanonicalJson({ a: 1 }, { a: 2 })).toBe(false);
    const content = { position: 1, id: 'x', eventType: 'E', timestamp: 't', userId: null, userName: null, userRole: null, ipAddress: null, userAgent: null, sessionId: null, correlationId: null, entity: 'customer', entityId: null, action: 'CREATE', outcome: 'success', riskLevel: 'low', changes: [], details: {} };
    expect(chainHash(content, GENESIS_HASH)).toMatch(/^[0-9a-f]{64}$/);
    expect(chainHash(content, GENESIS_HASH)).not.toBe(chainHash(content, 'f'.repeat(64)));
  });

  it('the same events give the same hashes however they are batched; the walk verifies them', async () => {
    const events = history(60);
    await build(LOGICAL, events, 7);
    await build(generation(2), events, 1000);
    await build(generation(3), events, 1);
    const hashes = async (table: string) => (await pool.query(`SELECT position, hash FROM ${table} ORDER BY position`)).rows;
    const reference = await hashes('audit_log');
    expect(reference).toHaveLength(120);
    expect(await hashes('audit_log_x2')).toEqual(reference);
    expect(await hashes('audit_log_x3')).toEqual(reference);
    expect(await verifyAuditChain(pool, { batchSize: 16 })).toEqual({ ok: true, checked: 120, head: { position: 120, hash: reference[119]!.hash } });
    // The end checked too: against the number of entries expected, and a head recorded earlier.
    expect(await verifyAuditChain(pool, { batchSize: 16, expectedEntries: 121 })).toMatchObject({ ok: false, missing: { expected: 121, found: 120 } });
    expect(await verifyAuditChain(pool, { batchSize: 16, expectedEntries: 120, expectHead: { position: 64, hash: reference[63]!.hash } })).toMatchObject({ ok: true });
    expect(await verifyAuditChain(pool, { batchSize: 16, expectHead: { position: 64, hash: reference[62]!.hash } })).toMatchObject({
      ok: false,
      headMismatch: { position: 64, expectedHash: reference[62]!.hash, actualHash: reference[63]!.hash },
    });
  });

  it('a rebuild (COPY, entity states remembered across batches) writes the same entries, hashes and states', async () => {
    const events = history(40);
    await build(generation(4), events, 1000);
    await build(generation(5), events, 1, true);
    await build(generation(6), events, 7, true);
    const rows = async (n: number) => ({
      log: (await pool.query(`SELECT * FROM audit_log_x${n} ORDER BY position`)).rows.map(({ projected_at: _, ...row }: Record<string, unknown>) => row),
      states: (await pool.query(`SELECT * FROM audit_entity_state_x${n} ORDER BY entity, entity_id`)).rows,
    });
    const reference = await rows(4);
    expect(reference.log).toHaveLength(80);
    // Each customer's update diffs against the state its creation wrote (in an earlier batch when batches are 1).
    expect(reference.log[1]).toMatchObject({ action: 'UPDATE', changes: [{ field: 'city', oldValue: null, newValue: 'Rome' }, { field: 'notes', oldValue: null, newValue: '' }] });
    expect(await rows(5)).toEqual(reference);
    expect(await rows(6)).toEqual(reference);
  });

  it('a rebuild COPYs its entries in chunks, escaped, as json: the same rows as the live path', async () => {
    // More entries than one COPY chunk (256), in one batch and across batches; text that COPY must escape.
    const events = history(300).map((event, i) =>
      i % 50 === 1 ? { ...event, data: { ...(event.data as Record<string, unknown>), changes: { city: 'Rome', notes: `tab\there\nnew line \\N back\\slash\r` } } } : event,
    );
    await build(generation(7), events, 1000);
    await build(generation(8), events, 1000, true);
    await build(generation(9), events, 257, true);
    const rows = async (n: number) => ({
      log: (await pool.query(`SELECT * FROM audit_log_x${n} ORDER BY position`)).rows.map(({ projected_at: _, ...row }: Record<string, unknown>) => row),
      states: (await pool.query(`SELECT * FROM audit_entity_state_x${n} ORDER BY entity, entity_id`)).rows,
    });
    const reference = await rows(7);
    expect(reference.log).toHaveLength(600);
    expect(reference.log[51]).toMatchObject({ changes: [{ field: 'city', oldValue: null, newValue: 'Rome' }, { field: 'notes', newValue: 'tab\there\nnew line \\N back\\slash\r' }] });
    expect(await rows(8)).toEqual(reference);
    expect(await rows(9)).toEqual(reference);
    const types = await pool.query(`SELECT pg_typeof(changes)::text AS changes, pg_typeof(details)::text AS details FROM audit_log_x8 LIMIT 1`);
    expect(types.rows[0]).toEqual({ changes: 'json', details: 'json' });
  });

  it('a changed, a removed and a swapped row are each reported at their entry', async () => {
    const row = (position: number) => pool.query<{ id: string; hash: string }>('SELECT id, hash FROM audit_log WHERE position = $1', [position]).then((r) => r.rows[0]!);

    const changed = await row(50);
    await pool.query(`UPDATE audit_log SET user_name = 'Mallory' WHERE position = 50`);
    expect(await verifyAuditChain(pool, { batchSize: 16 })).toMatchObject({ ok: false, checked: 49, firstBroken: { position: 50, entryId: changed.id, actualHash: changed.hash } });
    await pool.query(`UPDATE audit_log SET user_name = NULL WHERE position = 50`);
    // The original name comes back: the chain verifies again (it was `null`: actor with no account row here).
    expect((await verifyAuditChain(pool)).ok).toBe(true);

    // A change of a derived column (location, device) does not break the chain: they are not covered.
    await pool.query(`UPDATE audit_log SET location = 'Elsewhere' WHERE position = 10`);
    expect((await verifyAuditChain(pool)).ok).toBe(true);

    // Removing an entry breaks the chain at the entry after it.
    const next = await row(31);
    await pool.query('DELETE FROM audit_log WHERE position = 30');
    expect(await verifyAuditChain(pool)).toMatchObject({ ok: false, checked: 29, firstBroken: { position: 31, entryId: next.id } });
  });
});
