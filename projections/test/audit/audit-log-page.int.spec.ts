/**
 * A page of the audit log and its total come from one snapshot on a real PostgreSQL: the projection commits a new
 * entry after every statement the listing sends, and the total still counts exactly the entries the page shows
 * (when two statements read the page and the counts, the second one counted the entry the first had not seen).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RecordedEvent, auditLogListInput, customerStreamId } from '@crm/contracts';
import { auditLogProjection } from '../../src/audit/audit-log.projection.ts';
import { listAuditLog } from '../../src/audit/audit-log.queries.ts';
import type { PhysicalTables, SqlQueryable } from '../../src/runner/projection.ts';
import { createTestDatabase, type TestDatabase } from '../../../test-support/db.ts';

let database: TestDatabase;
let pool: pg.Pool;

const TABLES: PhysicalTables = Object.fromEntries(auditLogProjection.tables.map((t) => [t, t]));
const by = randomUUID();
const t0 = Date.parse('2030-01-01T10:00:00.000Z');
let position = 0;

function customerCreated(): RecordedEvent {
  const customerId = randomUUID();
  const at = new Date(t0 + position * 1000);
  return {
    id: randomUUID(),
    type: 'CustomerCreated',
    schemaVersion: 1,
    streamId: customerStreamId(customerId),
    streamVersion: 0,
    checkpoint: String(position++),
    timestamp: at,
    metadata: { correlationId: randomUUID(), userId: by },
    data: { customerId, name: 'Ada', email: null, phone: null, company: null, website: null, address: null, city: null, country: null, industry: null, leadSource: null, notes: null, status: 'lead', leadScore: 5, assignedTo: null, tags: [], createdAt: at.toISOString(), createdBy: by },
  };
}

/** Applies one more event and commits it, as the projector does between two reads of the web app. */
async function commitOne(): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await auditLogProjection.apply(client, [customerCreated()], TABLES);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

/** The pool, with a new entry committed after each statement it answers. */
const racing: SqlQueryable = {
  query: (async (text: string, values?: unknown[]) => {
    const result = await pool.query(text, values);
    await commitOne();
    return result;
  }) as SqlQueryable['query'],
};

beforeAll(async () => {
  database = await createTestDatabase('external');
  pool = new pg.Pool({ connectionString: database.url, max: 3 });
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await auditLogProjection.setup(client, TABLES);
    await auditLogProjection.indexes?.(client, TABLES);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  for (let i = 0; i < 3; i++) await commitOne();
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

describe('an audit log page and its total', () => {
  // `all` sums the per-day counts, `1h` adds the rows of a partial day, a search counts the matches themselves.
  it.each([{ dateRange: 'all' }, { dateRange: '1h' }, { dateRange: 'all', search: 'create' }])('agree while entries are committed: %o', async (filter) => {
    const now = new Date(t0 + 30 * 60_000);
    for (let round = 0; round < 3; round++) {
      const page = await listAuditLog(racing, auditLogListInput.parse({ ...filter, limit: 100 }), now);
      expect(page.data.length).toBeGreaterThanOrEqual(3);
      expect(page.total).toBe(page.data.length);
      expect(page.tiles).toEqual({ total: page.data.length, creates: page.data.length, updates: 0, deletes: 0 });
    }
  });
});
