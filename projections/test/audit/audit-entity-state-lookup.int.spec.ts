/**
 * A live audit batch looks up its entities' previous states by primary key, however many entities the table
 * holds: the plan PostgreSQL picks for the lookup, on a table of 20,000 states never analysed (a live table
 * between two autovacuum runs), for a batch of three keys. (The jsonb_to_recordset join it replaced, estimated
 * at 100 keys, was planned as a hash join over a scan of the whole table here.)
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityStatesSql } from '../../src/audit/audit-log.projection.ts';
import { type TestDatabase, createTestDatabase } from '../../../test-support/db.ts';

describe('audit log: the entity state lookup', () => {
  let db: TestDatabase;
  let pool: pg.Pool;

  beforeAll(async () => {
    db = await createTestDatabase('external');
    pool = new pg.Pool({ connectionString: db.url, max: 2 });
    await pool.query(`CREATE TABLE states (entity text NOT NULL, entity_id text NOT NULL, state jsonb NOT NULL, PRIMARY KEY (entity, entity_id))`);
    await pool.query(`INSERT INTO states SELECT 'booking', 'b-' || i, jsonb_build_object('status', 'pending', 'name', 'Visitor ' || i) FROM generate_series(1, 20000) AS i`);
  });
  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  const plan = async (sql: string, params: unknown[]) => JSON.stringify((await pool.query(`EXPLAIN (FORMAT JSON) ${sql}`, params)).rows[0]['QUERY PLAN']);

  it('reads the batch’s keys through the primary key, not by scanning every state', async () => {
    const keys = ['b-17', 'b-4242', 'b-19999'];
    const params = [keys.map(() => 'booking'), keys];
    const text = await plan(entityStatesSql('states'), params);
    expect(text).toContain('"Index Scan"');
    expect(text).not.toContain('"Seq Scan"');
    const { rows } = await pool.query(entityStatesSql('states'), params);
    expect(rows.map((r: { entity_id: string }) => r.entity_id).sort()).toEqual([...keys].sort());
  });
});
