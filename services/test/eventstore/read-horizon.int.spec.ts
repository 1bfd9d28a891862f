/**
 * The PostgreSQL store's read horizon: a live read shows every event whose transaction committed before the
 * oldest transaction still running that is (or may become) an APPEND. Other writers of the cluster — a queue's
 * job transaction, a projection's batch, another database's work, even its appends — no longer hold the events
 * back, while an append still in flight in this database does (the global order stays gap-free: the contract's
 * slow-writer test covers it with concurrent appends). An append must be its transaction's first write, or the
 * horizon could pass it.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent } from '@crm/contracts';
import { PostgresEventStore } from '../../src/eventstore/postgres-event-store.ts';
import { PG_SETUPS, type TestDatabase, createTestDatabase } from '../../../test-support/db.ts';

const ES_APPEND_SQL = 'SELECT * FROM es_append($1, $2, $3, $4::uuid[], $5::text[], $6::int[], $7::jsonb[], $8::jsonb[])';
const newEvent = (type: string): NewEvent => ({ id: randomUUID(), type, schemaVersion: 1, data: { at: Date.now() }, metadata: { correlationId: randomUUID() } });
const appendParams = (streamId: string, e: NewEvent) => [streamId, 'any', null, [e.id], [e.type], [1], [JSON.stringify(e.data)], [JSON.stringify(e.metadata)]];

describe.each(PG_SETUPS)('PostgresEventStore read horizon on %s PostgreSQL', (setup) => {
  let db: TestDatabase;
  let pool: pg.Pool;
  let raw: pg.Pool;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase(setup);
    pool = new pg.Pool({ connectionString: db.url, max: 4 });
    raw = new pg.Pool({ connectionString: db.url, max: 3 });
    pool.on('error', () => {});
    raw.on('error', () => {});
    await PostgresEventStore.migrate(pool);
    await pool.query('CREATE TABLE other_work (id serial PRIMARY KEY, note text)');
    store = new PostgresEventStore(pool, db.url);
  });

  afterAll(async () => {
    await store?.close();
    await Promise.all([pool?.end(), raw?.end()]);
    await db?.drop();
  });

  /** Every event id readAll returns from the start. */
  const readIds = async () => {
    const ids: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page = await store.readAll({ after, limit: 500 });
      ids.push(...page.events.map((e) => e.id));
      after = page.checkpoint;
      if (page.isEnd) return ids;
    }
  };

  it('an open transaction that writes elsewhere does not hold back events appended after it', async () => {
    const other = await raw.connect();
    try {
      await other.query('BEGIN');
      await other.query(`INSERT INTO other_work (note) VALUES ('a long job')`); // takes a transaction id
      const event = newEvent('AppendedBesideOtherWork');
      await store.append(`horizon-${randomUUID()}`, [event], { expectedVersion: 'any' });
      // Visible while the older, unrelated transaction is still open.
      expect(await readIds()).toContain(event.id);
      expect(await store.headCheckpoint()).not.toBeNull();
    } finally {
      await other.query('ROLLBACK');
      other.release();
    }
  });

  it('an append in flight in another database (another store on the same server) does not hold back this one', async () => {
    const elsewhere = await createTestDatabase(setup);
    const otherPool = new pg.Pool({ connectionString: elsewhere.url, max: 1 });
    otherPool.on('error', () => {});
    await PostgresEventStore.migrate(otherPool);
    const otherStore = await otherPool.connect();
    try {
      await otherStore.query('BEGIN');
      await otherStore.query(ES_APPEND_SQL, appendParams(`horizon-${randomUUID()}`, newEvent('AppendedElsewhere')));
      const event = newEvent('AppendedHere');
      await store.append(`horizon-${randomUUID()}`, [event], { expectedVersion: 'any' });
      expect(await readIds()).toContain(event.id);
    } finally {
      await otherStore.query('ROLLBACK').catch(() => {});
      otherStore.release();
      await otherPool.end();
      await elsewhere.drop();
    }
  });

  it('an append still in flight holds back the appends committed after it, until it commits', async () => {
    const slow = await raw.connect();
    const slowEvent = newEvent('SlowAppend');
    const laterEvent = newEvent('LaterAppend');
    try {
      await slow.query('BEGIN');
      await slow.query(ES_APPEND_SQL, appendParams(`horizon-${randomUUID()}`, slowEvent));
      await store.append(`horizon-${randomUUID()}`, [laterEvent], { expectedVersion: 'any' });
      const before = await readIds();
      expect(before).not.toContain(laterEvent.id);
      expect(before).not.toContain(slowEvent.id);
      await slow.query('COMMIT');
      const after = await readIds();
      // Both, in commit-safe order: the slow append's transaction is the older one.
      expect(after.indexOf(slowEvent.id)).toBeGreaterThanOrEqual(0);
      expect(after.indexOf(slowEvent.id)).toBeLessThan(after.indexOf(laterEvent.id));
    } finally {
      await slow.query('ROLLBACK').catch(() => {});
      slow.release();
    }
  });

  it('refuses an append after another write in the same transaction (it must come first)', async () => {
    const client = await raw.connect();
    try {
      await client.query('BEGIN');
      await client.query(`INSERT INTO other_work (note) VALUES ('first')`);
      await expect(client.query(ES_APPEND_SQL, appendParams(`horizon-${randomUUID()}`, newEvent('TooLate')))).rejects.toMatchObject({ code: 'ES001' });
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
