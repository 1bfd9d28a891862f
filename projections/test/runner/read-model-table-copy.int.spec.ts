/**
 * The rebuild's COPY path of `insertNew` (a BulkQueryable) on a real PostgreSQL: every column type, NULLs and the
 * characters COPY's text format escapes give the same rows as the jsonb INSERT; a key that exists already is
 * skipped (the COPY rolls back to its savepoint and the INSERT … ON CONFLICT DO NOTHING takes over) and the
 * transaction goes on.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeferredKeys, PROJECTED_AT, type RowOf, bulkQueryable, deferPrimaryKeys, readModelTable } from '../../src/runner/read-model-table.ts';
import { createTestDatabase, type TestDatabase } from '../../../test-support/db.ts';

const table = readModelTable({
  name: 'copy_probe',
  columns: {
    id: { type: 'uuid', primaryKey: true },
    label: { type: 'text' },
    note: { type: 'text', nullable: true },
    flag: { type: 'boolean' },
    small: { type: 'smallint', nullable: true },
    big: { type: 'bigint' },
    amount: { type: 'numeric(12,2)', nullable: true },
    ratio: { type: 'double precision', nullable: true },
    day: { type: 'date', nullable: true },
    at: { type: 'timestamptz' },
    doc: { type: 'jsonb', nullable: true },
    tags: { type: 'text[]', default: "'{}'" },
    refs: { type: 'uuid[]', nullable: true },
    counts: { type: 'int[]', nullable: true },
    upper_label: { type: 'text', generated: 'upper(label)' },
    projected_at: PROJECTED_AT,
  },
});
type Row = RowOf<typeof table>;

const awkward = 'tab\there, newline\nthere, cr\r, backslash \\ and \\N, quote " and \' , braces {a,b}, NULL, é ✓';
const rows: Row[] = [
  {
    id: '00000000-0000-4000-8000-000000000001',
    label: awkward,
    note: '',
    flag: true,
    small: -3,
    big: 9007199254740991,
    amount: 1234.5,
    ratio: 0.1,
    day: '2030-02-28',
    at: '2030-01-02T03:04:05.678Z',
    doc: { text: awkward, nested: { list: [1, 'two', null, { x: '\\' }] }, empty: {} },
    tags: ['plain', awkward, '', 'NULL', 'a,b', '{x}'],
    refs: ['00000000-0000-4000-8000-0000000000aa'],
    counts: [1, -2, 3],
  },
  {
    id: '00000000-0000-4000-8000-000000000002',
    label: 'nulls',
    note: null,
    flag: false,
    small: null,
    big: 0,
    amount: null,
    ratio: null,
    day: null,
    at: '2030-01-02T03:04:05Z',
    doc: null,
    tags: [],
    refs: null,
    counts: null,
  },
  {
    id: '00000000-0000-4000-8000-000000000003',
    label: 'json scalars',
    note: 'x',
    flag: true,
    small: 0,
    big: -1,
    amount: 0,
    ratio: -1.5e-7,
    day: '2030-12-31',
    at: new Date('2030-06-01T00:00:00.000Z').toISOString(),
    doc: 'a string\twith a tab',
    tags: ['only'],
    refs: [],
    counts: [],
  },
];

let database: TestDatabase;
let client: pg.Client;

const read = async (physical: string) =>
  (await client.query(`SELECT * FROM ${physical} ORDER BY id`)).rows.map(({ projected_at: _, ...rest }: Record<string, unknown>) => rest);

beforeAll(async () => {
  database = await createTestDatabase('external');
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  for (const physical of ['by_insert', 'by_copy']) await client.query(table.createTable(physical));
});

afterAll(async () => {
  await client?.end();
  await database?.drop();
});

describe('insertNew through COPY (rebuild batches)', () => {
  it('writes the same rows as the jsonb INSERT: every type, NULLs, escaped characters, generated and default columns', async () => {
    await table.insertNew(client, 'by_insert', rows);
    await client.query('BEGIN');
    await table.insertNew(bulkQueryable(client), 'by_copy', rows);
    await client.query('COMMIT');
    const copied = await read('by_copy');
    expect(copied).toEqual(await read('by_insert'));
    expect(copied[0]).toMatchObject({ label: awkward, tags: ['plain', awkward, '', 'NULL', 'a,b', '{x}'], upper_label: awkward.toUpperCase() });
    expect(copied[0]!.doc).toEqual(rows[0]!.doc);
    expect(copied[1]).toMatchObject({ note: null, doc: null, refs: null, tags: [] });
  });

  it('an existing key: that row is kept as it was, the others are inserted, the transaction goes on', async () => {
    const bulk = bulkQueryable(client);
    await client.query('BEGIN');
    await table.insertNew(bulk, 'by_copy', [
      { ...rows[1]!, label: 'changed?' },
      { ...rows[1]!, id: '00000000-0000-4000-8000-000000000004', label: 'new' },
    ]);
    await table.insertNew(bulk, 'by_copy', [{ ...rows[1]!, id: '00000000-0000-4000-8000-000000000005', label: 'after' }]);
    await client.query('COMMIT');
    const labels = (await client.query<{ id: string; label: string }>(`SELECT id, label FROM by_copy ORDER BY id`)).rows.map((r) => r.label);
    expect(labels).toEqual([awkward, 'nulls', 'json scalars', 'new', 'after']);
  });

  it('any other error fails the statement as the INSERT would', async () => {
    await client.query('BEGIN');
    await expect(table.insertNew(bulkQueryable(client), 'by_copy', [{ ...rows[1]!, id: 'not-a-uuid' }])).rejects.toThrow(/uuid/);
    await client.query('ROLLBACK');
  });
});

describe('a deferred primary key (a rebuild COPYs before building the key)', () => {
  const primaryKeys = async (physical: string) =>
    Number((await client.query(`SELECT count(*) AS n FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'p'`, [physical])).rows[0].n);

  it('COPYs without the key, skips a key written before (the first write wins, uuids in any case), builds the key on the first other statement', async () => {
    await client.query(table.createTable('by_deferred'));
    const keys = await deferPrimaryKeys(client, ['by_deferred']);
    expect(keys).toEqual([
      {
        table: 'by_deferred',
        constraint: 'by_deferred_pkey',
        definition: 'PRIMARY KEY (id)',
        indexSql: expect.stringMatching(/^CREATE UNIQUE INDEX by_deferred_pkey ON .*by_deferred USING btree \(id\)$/),
      },
    ]);
    expect(await primaryKeys('by_deferred')).toBe(0);

    const bulk = bulkQueryable(client, new Map(), new DeferredKeys(keys));
    await client.query('BEGIN');
    await table.insertNew(bulk, 'by_deferred', [rows[0]!, rows[1]!]);
    await table.insertNew(bulk, 'by_deferred', [
      { ...rows[1]!, id: rows[1]!.id.toUpperCase(), label: 'again, upper case' },
      { ...rows[2]!, label: 'first' },
      { ...rows[2]!, label: 'second in the same batch' },
    ]);
    // Still no key: the rows went through COPY alone.
    expect(await primaryKeys('by_deferred')).toBe(0);
    expect(bulk.writtenKeys?.('by_deferred')?.size).toBe(3);

    // Any other statement may need the key (an UPDATE by id, ON CONFLICT): it is built first.
    await bulk.query('SELECT 1');
    expect(await primaryKeys('by_deferred')).toBe(1);
    expect(bulk.writtenKeys?.('by_deferred')).toBeUndefined();
    await table.insertNew(bulk, 'by_deferred', [{ ...rows[0]!, label: 'after the key' }, { ...rows[1]!, id: '00000000-0000-4000-8000-000000000009', label: 'new' }]);
    await client.query('COMMIT');

    const labels = (await client.query<{ label: string }>(`SELECT label FROM by_deferred ORDER BY id`)).rows.map((r) => r.label);
    expect(labels).toEqual([awkward, 'nulls', 'first', 'new']);
  });

  it('a COPY of rows not checked against the written keys builds the key first (a repeated key fails as before)', async () => {
    await client.query(table.createTable('by_deferred_raw'));
    const bulk = bulkQueryable(client, new Map(), new DeferredKeys(await deferPrimaryKeys(client, ['by_deferred_raw'])));
    const copy = `COPY by_deferred_raw (${table.writtenColumns.join(', ')}) FROM STDIN`;
    await client.query('BEGIN');
    await bulk.copyFrom(copy, table.copyText([rows[0]!]));
    expect(await primaryKeys('by_deferred_raw')).toBe(1);
    await expect(bulk.copyFrom(copy, table.copyText([rows[0]!]))).rejects.toMatchObject({ code: '23505' });
    await client.query('ROLLBACK');
  });

  it('holds a bounded number of keys: past it, the next insert builds the key and goes through it', async () => {
    await client.query(table.createTable('by_deferred_bounded'));
    const bulk = bulkQueryable(client, new Map(), new DeferredKeys(await deferPrimaryKeys(client, ['by_deferred_bounded']), 2));
    await client.query('BEGIN');
    await table.insertNew(bulk, 'by_deferred_bounded', [rows[0]!, rows[1]!]);
    expect(await primaryKeys('by_deferred_bounded')).toBe(0);
    expect(bulk.writtenKeys?.('by_deferred_bounded')).toBeUndefined();
    await table.insertNew(bulk, 'by_deferred_bounded', [{ ...rows[0]!, label: 'repeated' }, { ...rows[2]!, label: 'third' }]);
    expect(await primaryKeys('by_deferred_bounded')).toBe(1);
    await client.query('COMMIT');
    const labels = (await client.query<{ label: string }>(`SELECT label FROM by_deferred_bounded ORDER BY id`)).rows.map((r) => r.label);
    expect(labels).toEqual([awkward, 'nulls', 'third']);
  });

  it('after a batch still in flight (two batches of a rebuild): a COPY of checked rows goes at once, any other statement waits for that batch to commit', async () => {
    await client.query(table.createTable('by_pipeline'));
    const copy = `COPY by_pipeline (${table.writtenColumns.join(', ')}) FROM STDIN`;
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await bulkQueryable(other).copyFrom(copy, table.copyText([rows[0]!]));
      let commit!: () => void;
      const previous = new Promise<void>((resolve) => (commit = resolve)).then(async () => {
        await other.query('COMMIT');
      });
      const bulk = bulkQueryable(client, new Map(), undefined, previous);
      await client.query('BEGIN');
      await bulk.copyFrom(copy, table.copyText([rows[1]!]), true);
      let updated: number | null | undefined;
      const update = bulk.query(`UPDATE by_pipeline SET label = 'seen' WHERE id = $1`, [rows[0]!.id]).then((r) => (updated = r.rowCount));
      await new Promise((resolve) => setTimeout(resolve, 100));
      // Run now, the UPDATE would miss the uncommitted row.
      expect(updated).toBeUndefined();
      commit();
      await update;
      expect(updated).toBe(1);
      await bulk.settled();
      await client.query('COMMIT');
    } finally {
      await other.end();
    }
    const labels = (await client.query<{ label: string }>(`SELECT label FROM by_pipeline ORDER BY id`)).rows.map((r) => r.label);
    expect(labels).toEqual(['seen', 'nulls']);
  });

  it('a COPY in flight that fails: settled() and the next statement report its error', async () => {
    await client.query(table.createTable('by_pipeline_failed'));
    const bulk = bulkQueryable(client, new Map(), undefined, Promise.resolve());
    await client.query('BEGIN');
    await bulk.copyFrom(`COPY by_pipeline_failed (${table.writtenColumns.join(', ')}) FROM STDIN`, table.copyText([{ ...rows[1]!, id: 'not-a-uuid' }]), true);
    await expect(bulk.settled()).rejects.toThrow(/uuid/);
    await expect(bulk.query('SELECT 1')).rejects.toThrow(/uuid/);
    await client.query('ROLLBACK');
  });

  it('leaves a key that a foreign key references', async () => {
    await client.query(table.createTable('by_deferred_parent'));
    await client.query(`CREATE TABLE by_deferred_child (parent uuid REFERENCES by_deferred_parent (id))`);
    expect(await deferPrimaryKeys(client, ['by_deferred_parent'])).toEqual([]);
    expect(await primaryKeys('by_deferred_parent')).toBe(1);
  });
});
