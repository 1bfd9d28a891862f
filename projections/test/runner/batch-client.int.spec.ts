/**
 * The live batch's client (batch-client.ts): writes wait and go with the batch's tail in one round trip, with
 * their parameters written as literals that PostgreSQL reads back as the very values the parameters were.
 */
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BatchClient, inlineParameters } from '../../src/runner/batch-client.ts';
import { type TestDatabase, createTestDatabase } from '../../../test-support/db.ts';

/** Values a projection passes, the awkward ones first. */
const VALUES: unknown[] = [
  "O'Brien \\ back\\slash '' and \\' mixed",
  'line\nbreak\ttab\r\u2028 — café 🚀 مرحبا \u202Eevil\u202C',
  JSON.stringify({ quote: "it's", backslash: 'a\\b', unicode: 'é\u0001', nested: { list: [1, '2', null] } }),
  ['plain', 'with "double" quotes', "single ' quote", 'back\\slash', 'comma, {brace}', null, ''],
  [1, 2.5, -3],
  42,
  -0.125,
  true,
  false,
  null,
  new Date('2026-11-26T22:30:01.123Z'),
  '',
  '$1 and $2 inside a value',
  12345678901234567890n,
];
const CASTS = ['text', 'text', 'jsonb', 'text[]', 'numeric[]', 'int', 'float8', 'boolean', 'boolean', 'text', 'timestamptz', 'text', 'text', 'numeric'];
const SELECT_ALL = `SELECT ${CASTS.map((cast, i) => `$${i + 1}::${cast} AS v${i + 1}`).join(', ')}`;

describe('inlineParameters', () => {
  it('puts each parameter in its place, leaving quoted text, identifiers and comments alone', () => {
    expect(inlineParameters(`UPDATE "t$1" SET a = $1, b = '$2' -- $1 here\n WHERE c = $2 /* $1 */ AND d = $10`, ['x', 2, 3, 4, 5, 6, 7, 8, 9, 'ten'])).toBe(
      `UPDATE "t$1" SET a = 'x', b = '$2' -- $1 here\n WHERE c = '2' /* $1 */ AND d = 'ten'`,
    );
  });

  it('keeps the parameters of what it cannot write as a literal', () => {
    expect(inlineParameters('INSERT INTO t VALUES ($1)', [Buffer.from('x')])).toBeNull();
    expect(inlineParameters('INSERT INTO t VALUES ($1)', ['nul \u0000 char'])).toBeNull();
    expect(inlineParameters('INSERT INTO t VALUES ($1)', [Number.NaN])).toBeNull();
    expect(inlineParameters('INSERT INTO t VALUES ($1)', [[{ nested: true }]])).toBeNull();
    expect(inlineParameters('INSERT INTO t VALUES ($$a$$, $1)', ['x'])).toBeNull();
    expect(inlineParameters('INSERT INTO t VALUES ($2)', ['only one'])).toBeNull();
  });
});

describe('BatchClient on PostgreSQL', () => {
  let db: TestDatabase;
  let client: pg.Client;
  let roundTrips: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('external');
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query('CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL, tags text[], doc jsonb)');
    // Counts what reaches the server: every round trip goes through query().
    const query = client.query.bind(client) as (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
    (client as unknown as { query: typeof query }).query = (text, values) => {
      roundTrips.push(text);
      return query(text, values);
    };
  });
  afterAll(async () => {
    await client?.end();
    await db?.drop();
  });
  beforeEach(async () => {
    await client.query('TRUNCATE notes');
    roundTrips = [];
  });

  it.each(['on', 'off'])('reads every literal back as the value its parameter gives (standard_conforming_strings %s)', async (setting) => {
    await client.query(`SET standard_conforming_strings = ${setting}`);
    try {
      const expected = (await client.query(SELECT_ALL, VALUES)).rows[0];
      const inlined = inlineParameters(SELECT_ALL, VALUES);
      expect(inlined).not.toBeNull();
      expect(inlined).not.toMatch(/\$\d+::/);
      expect((await client.query(inlined!)).rows[0]).toEqual(expected);
    } finally {
      await client.query('SET standard_conforming_strings = on');
    }
  });

  it('sends the writes with BEGIN and the tail in one round trip', async () => {
    const batch = new BatchClient(client);
    await batch.query('INSERT INTO notes (id, body, tags, doc) VALUES ($1, $2, $3, $4::jsonb) -- a comment ends it', [1, "it's", ['a', 'b"c'], JSON.stringify({ k: 'v\\w' })]);
    await batch.query('UPDATE notes SET body = $2 WHERE id = $1', [1, 'edited \\ again']);
    await batch.query('INSERT INTO notes (id, body) SELECT * FROM unnest($1::int[], $2::text[])', [[2, 3], ['two', 'three']]);
    expect(roundTrips).toEqual([]);
    await batch.finish('COMMIT');
    expect(roundTrips).toHaveLength(1);
    expect(roundTrips[0]).toMatch(/^BEGIN; SET LOCAL synchronous_commit = off\n;\nINSERT .* -- a comment ends it\n;\nUPDATE .*\n;\nINSERT .*\n;\nCOMMIT$/s);
    const { rows } = await client.query('SELECT id, body, tags, doc FROM notes ORDER BY id');
    expect(rows).toEqual([
      { id: 1, body: 'edited \\ again', tags: ['a', 'b"c'], doc: { k: 'v\\w' } },
      { id: 2, body: 'two', tags: null, doc: null },
      { id: 3, body: 'three', tags: null, doc: null },
    ]);
  });

  it('runs a SELECT made before any write outside the transaction, and one after a write inside it, seeing the write', async () => {
    const batch = new BatchClient(client);
    const before = await batch.query("SELECT current_setting('synchronous_commit') AS s");
    expect(before.rows).toEqual([{ s: 'on' }]);
    await batch.query('INSERT INTO notes (id, body) VALUES ($1, $2)', [7, 'seven']);
    const after = await batch.query("SELECT current_setting('synchronous_commit') AS s, (SELECT body FROM notes WHERE id = 7) AS body");
    expect(after.rows).toEqual([{ s: 'off', body: 'seven' }]);
    await batch.query('DELETE FROM notes WHERE id = $1', [7]);
    await batch.finish('COMMIT');
    // The SELECT, BEGIN with the INSERT, the SELECT, the DELETE with COMMIT.
    expect(roundTrips).toHaveLength(4);
    expect((await client.query('SELECT count(*)::int AS n FROM notes')).rows).toEqual([{ n: 0 }]);
  });

  it('begins the transaction before a statement that is neither a queued write nor a SELECT', async () => {
    const batch = new BatchClient(client);
    await batch.query('INSERT INTO notes (id, body) VALUES ($1, $2) RETURNING id', [8, 'returning runs at once']);
    expect(roundTrips).toEqual(['BEGIN; SET LOCAL synchronous_commit = off', 'INSERT INTO notes (id, body) VALUES ($1, $2) RETURNING id']);
    await batch.finish('ROLLBACK');
    expect((await client.query('SELECT count(*)::int AS n FROM notes')).rows).toEqual([{ n: 0 }]);
  });

  it('fails at the tail when a queued write fails, leaving the transaction aborted and nothing written', async () => {
    const batch = new BatchClient(client);
    await batch.query('INSERT INTO notes (id, body) VALUES ($1, $2)', [9, 'first']);
    await batch.query('INSERT INTO notes (id, body) VALUES ($1, $2)', [9, 'the same key again']);
    await expect(batch.finish('COMMIT')).rejects.toThrow(/duplicate key/);
    await expect(client.query('SELECT 1')).rejects.toThrow(/current transaction is aborted/);
    await client.query('ROLLBACK');
    expect((await client.query('SELECT count(*)::int AS n FROM notes')).rows).toEqual([{ n: 0 }]);
  });
});
