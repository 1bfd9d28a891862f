import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../../src/eventstore/postgres-event-store.ts';
import { createTestDatabase, type TestDatabase } from '../../../test-support/db.ts';

/**
 * Transaction ids are compared as numbers everywhere: a batch spanning an id that gains a digit
 * (9999 → 10000) must come back in numeric order, or a subscriber's checkpoint would jump past events.
 */
describe('Postgres event store ordering across transaction-id digit rollover', () => {
  let db: TestDatabase;
  let pool: pg.Pool;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase('external');
    pool = new pg.Pool({ connectionString: db.url });
    await PostgresEventStore.migrate(pool);
    store = new PostgresEventStore(pool, db.url);
    const insert = (tx: number, version: number) =>
      pool.query(
        `INSERT INTO es_events (transaction_id, event_id, stream_id, stream_version, type, schema_version, data, metadata)
         VALUES ($1::text::xid8, $2, 'order-test', $3, 'Tested', 1, '{}', '{"correlationId":"t"}')`,
        [String(tx), randomUUID(), version],
      );
    await insert(998, 0);
    await insert(999, 1);
    await insert(1000, 2);
    await insert(10000, 3);
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
    await db.drop();
  });

  it('reads in numeric transaction order, in one batch and page by page', async () => {
    const all = await store.readAll({ after: null, limit: 10 });
    expect(all.events.map((e) => e.streamVersion)).toEqual([0, 1, 2, 3]);
    const seen: number[] = [];
    let after: string | null = null;
    for (;;) {
      const page = await store.readAll({ after, limit: 1 });
      if (page.events.length === 0) break;
      seen.push(...page.events.map((e) => e.streamVersion));
      after = page.checkpoint;
    }
    expect(seen).toEqual([0, 1, 2, 3]);
    expect(store.compareCheckpoints(all.events[1]!.checkpoint, all.events[2]!.checkpoint)).toBeLessThan(0);
    expect(await store.headCheckpoint()).toBe(all.events[3]!.checkpoint);
  });
});
