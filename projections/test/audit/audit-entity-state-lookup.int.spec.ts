/**
 * A live audit batch looks up its entities' previous states by primary key, however many entities the table
 * holds: the plan PostgreSQL picks for the lookup, on a table of 20,000 states never analysed (a live table
 * between two autovacuum runs), for a batch of three keys. (The jsonb_to_recordset join it replaced, estimated
 * at 100 keys, was planned as a hash join over a scan of the whole table here.) The batch reads the lookup within
 * its one query for the chain's head, its actors and its states (batchContextSql): planned the same way there.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchContextSql, entityStatesSql } from '../../src/audit/audit-log.projection.ts';
import { type TestDatabase, createTestDatabase } from '../../../test-support/db.ts';

describe('audit log: the entity state lookup', () => {
  let db: TestDatabase;
  let pool: pg.Pool;

  beforeAll(async () => {
    db = await createTestDatabase('external');
    pool = new pg.Pool({ connectionString: db.url, max: 2 });
    await pool.query(`CREATE TABLE states (entity text NOT NULL, entity_id text NOT NULL, state jsonb NOT NULL, PRIMARY KEY (entity, entity_id))`);
    await pool.query(`INSERT INTO states SELECT 'booking', 'b-' || i, jsonb_build_object('status', 'pending', 'name', 'Visitor ' || i) FROM generate_series(1, 20000) AS i`);
    await pool.query(`CREATE TABLE log (position bigint PRIMARY KEY, hash text NOT NULL)`);
    await pool.query(`INSERT INTO log SELECT i, 'h' || i FROM generate_series(1, 20000) AS i`);
    await pool.query(`CREATE TABLE actors (user_id text PRIMARY KEY, name text NOT NULL, role text NOT NULL)`);
    await pool.query(`INSERT INTO actors SELECT 'u-' || i, 'User ' || i, 'admin' FROM generate_series(1, 20000) AS i`);
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

  it('reads the chain’s head, the actors and the states in one query, each through its primary key', async () => {
    const sql = batchContextSql({ log: 'log', actors: 'actors', states: 'states' });
    const keys = ['b-17', 'b-19999'];
    const params = [['u-3', 'u-404', 'nobody'], keys.map(() => 'booking'), keys];
    expect(await plan(sql, params)).not.toContain('"Seq Scan"');
    const byKind = (rows: { kind: string; a: string }[]) => [...rows].sort((x, y) => x.kind.localeCompare(y.kind) || x.a.localeCompare(y.a, 'en', { numeric: true }));
    const { rows } = await pool.query(sql, params);
    expect(byKind(rows)).toEqual([
      ...[3, 404].map((i) => ({ kind: 'actor', a: `u-${i}`, b: `User ${i}`, c: 'admin', state: null })),
      { kind: 'head', a: '20000', b: 'h20000', c: null, state: null },
      ...[17, 19999].map((i) => ({ kind: 'state', a: 'booking', b: `b-${i}`, c: null, state: { status: 'pending', name: `Visitor ${i}` } })),
    ]);
    // A new log (no head) and a batch naming no actor and no entity: nothing.
    await pool.query('CREATE TABLE new_log (LIKE log INCLUDING ALL)');
    const none = await pool.query(batchContextSql({ log: 'new_log', actors: 'actors', states: 'states' }), [[], [], []]);
    expect(none.rows).toEqual([]);
  });
});
