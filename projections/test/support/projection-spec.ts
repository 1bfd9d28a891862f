/**
 * Given/then tests of a projection against a real PostgreSQL database:
 *
 *   const spec = projectionSpec(bookingsProjection);
 *   afterAll(() => spec.close());
 *   it('…', () => spec.given(inStream(bookingStreamId(id), requested, confirmed)).then([{ id, status: 'confirmed' }]));
 *
 * `then` builds the projection's tables in a fresh generation (its real `setup` and `indexes`), applies the
 * events with its real `apply` (through the runner's `applyEvents`, so `eventTypes` filters as in production),
 * each batch in its own transaction, and compares the rows. It does so twice, each time on new tables: all
 * events in one batch, then one event per batch. The set-based folds must give the same rows either way,
 * as the runner cuts batches wherever its batch size falls.
 *
 * Rows are compared on the columns the expected rows name (or `columns`), order-insensitively (sorted by the
 * table's primary key); instants read back as ISO strings, dates as `YYYY-MM-DD` (`numeric` and `bigint` as pg
 * returns them: strings).
 * One database per spec (created on first use, dropped by `close`), one connection at a time.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { expect } from 'vitest';
import type { EventMetadata, NewEvent, RecordedEvent } from '@crm/contracts';
import { type PhysicalTables, type ProjectionDefinition, physicalTables, quoteIdent } from '../../src/runner/projection.ts';
import { applyEvents } from '../../src/runner/projection-state.ts';
import { type PgSetup, type TestDatabase, createTestDatabase } from '../../../test-support/db.ts';

/** An event of a stream, as `given` and `when` take them (`id`, `schemaVersion` and `metadata` optional). */
export interface SpecEvent {
  streamId: string;
  type: string;
  data: unknown;
  schemaVersion?: number;
  id?: string;
  metadata?: EventMetadata;
}

/** `events` as events of one stream, in order. */
export function inStream(streamId: string, ...events: (NewEvent | Omit<SpecEvent, 'streamId'>)[]): SpecEvent[] {
  return events.map((e) => ({ ...e, streamId }));
}

export type SpecRow = Record<string, unknown>;

/** Expected rows of the projection's first table, or of each named table. */
export type ExpectedRows = SpecRow[] | Record<string, SpecRow[]>;

export interface ProjectionSpecOptions {
  /** Which PostgreSQL (default: the machine's, `external`). */
  setup?: PgSetup;
  /** Columns to compare, per logical table (default: the columns named by the expected rows). */
  columns?: Record<string, readonly string[]>;
}

export interface ProjectionSpec {
  /** Events already applied before the events under test (`when`), in global order. */
  given(...events: (SpecEvent | SpecEvent[])[]): ProjectionSpecGiven;
  /** Drops the spec's database. */
  close(): Promise<void>;
}

export interface ProjectionSpecGiven {
  /** The events under test, applied after `given` in their own batches. */
  when(...events: (SpecEvent | SpecEvent[])[]): ProjectionSpecThen;
  then(expected: ExpectedRows): Promise<void>;
}

export interface ProjectionSpecThen {
  then(expected: ExpectedRows): Promise<void>;
}

/** How the events are cut into batches: the whole history in as few batches as possible, or one per event. */
const BATCHINGS = ['one batch', 'one event per batch'] as const;

export function projectionSpec(def: ProjectionDefinition, options: ProjectionSpecOptions = {}): ProjectionSpec {
  let db: Promise<{ database: TestDatabase; pool: pg.Pool }> | null = null;
  let generation = 0;

  const open = () =>
    (db ??= (async () => {
      const database = await createTestDatabase(options.setup ?? 'external');
      const pool = new pg.Pool({ connectionString: database.url, max: 1, types: { getTypeParser: typeParser } });
      // DROP DATABASE … WITH (FORCE) in close() ends the idle connection: not an error of the test.
      pool.on('error', () => {});
      return { database, pool };
    })());

  async function run(given: SpecEvent[], when: SpecEvent[], expected: ExpectedRows): Promise<void> {
    const { pool } = await open();
    const expectedByTable = Array.isArray(expected) ? { [def.tables[0]!]: expected } : expected;
    for (const table of Object.keys(expectedByTable)) {
      if (!def.tables.includes(table)) throw new Error(`projection ${def.name} has no table ${table} (tables: ${def.tables.join(', ')})`);
    }
    const history = recorded([...given, ...when]);
    const phases = [history.slice(0, given.length), history.slice(given.length)].filter((p) => p.length > 0);
    for (const batching of BATCHINGS) {
      const physical = physicalTables(def, ++generation);
      const client = await pool.connect();
      try {
        await inTransaction(client, async () => {
          await def.setup(client, physical);
          await def.indexes?.(client, physical);
        });
        const batches = batching === 'one batch' ? phases : history.map((e) => [e]);
        for (const batch of batches) await inTransaction(client, () => applyEvents(client, def, batch, physical));
        for (const [table, rows] of Object.entries(expectedByTable)) {
          const columns = options.columns?.[table] ?? [...new Set(rows.flatMap((r) => Object.keys(r)))];
          const actual = await readRows(client, physical[table]!, columns);
          const key = await primaryKey(client, physical[table]!);
          expect(sortRows(actual, key), `${def.name}: rows of ${table} (${batching})`).toEqual(sortRows(rows, key));
        }
      } finally {
        await dropTables(client, physical).catch(() => {});
        client.release();
      }
    }
  }

  const flat = (events: (SpecEvent | SpecEvent[])[]) => events.flat();

  return {
    given(...givenEvents) {
      const given = flat(givenEvents);
      return {
        when: (...whenEvents) => ({ then: (expected) => run(given, flat(whenEvents), expected) }),
        then: (expected) => run(given, [], expected),
      };
    },
    async close() {
      if (!db) return;
      const { database, pool } = await db;
      db = null;
      await pool.end();
      await database.drop();
    },
  };
}

const DATE_OID = 1082;

/** pg's parsers, except `date`: read back as written (`YYYY-MM-DD`), not as a Date at local midnight. */
const typeParser = ((oid: number, format?: 'text' | 'binary') =>
  oid === DATE_OID ? (value: string) => value : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser;

/** The events as the store would deliver them: stream revisions counted per stream, checkpoints in order. */
function recorded(events: SpecEvent[]): RecordedEvent[] {
  const revisions = new Map<string, number>();
  const at = Date.parse('2030-01-01T00:00:00.000Z');
  return events.map((e, i) => {
    const streamVersion = (revisions.get(e.streamId) ?? -1) + 1;
    revisions.set(e.streamId, streamVersion);
    return {
      id: e.id ?? randomUUID(),
      type: e.type,
      schemaVersion: e.schemaVersion ?? 1,
      data: e.data,
      metadata: e.metadata ?? { correlationId: randomUUID() },
      streamId: e.streamId,
      streamVersion,
      checkpoint: String(i + 1).padStart(12, '0'),
      timestamp: new Date(at + i),
    };
  });
}

async function inTransaction(client: pg.PoolClient, fn: () => Promise<void>): Promise<void> {
  await client.query('BEGIN');
  try {
    await fn();
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
}

async function readRows(client: pg.PoolClient, table: string, columns: readonly string[]): Promise<SpecRow[]> {
  if (columns.length === 0) {
    const { rows } = await client.query(`SELECT count(*)::int AS n FROM ${quoteIdent(table)}`);
    return Array.from({ length: (rows[0] as { n: number }).n }, () => ({}));
  }
  const { rows } = await client.query(`SELECT ${columns.map(quoteIdent).join(', ')} FROM ${quoteIdent(table)}`);
  return (rows as SpecRow[]).map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])));
}

async function primaryKey(client: pg.PoolClient, table: string): Promise<string[]> {
  const { rows } = await client.query(
    `SELECT a.attname FROM pg_index i
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
      WHERE i.indrelid = $1::regclass AND i.indisprimary
      ORDER BY array_position(i.indkey::int2[], a.attnum)`,
    [quoteIdent(table)],
  );
  return (rows as { attname: string }[]).map((r) => r.attname);
}

/** Rows in a canonical order: by the key columns they carry, then by their whole content. */
function sortRows(rows: SpecRow[], key: string[]): SpecRow[] {
  const text = (row: SpecRow, columns: string[]) => JSON.stringify(columns.map((c) => row[c] ?? null));
  const sortKey = (row: SpecRow) => `${text(row, key.filter((k) => k in row))}\u0000${text(row, Object.keys(row).sort())}`;
  return [...rows].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0));
}

async function dropTables(client: pg.PoolClient, physical: PhysicalTables): Promise<void> {
  for (const table of Object.values(physical)) await client.query(`DROP TABLE IF EXISTS ${quoteIdent(table)}`);
}
