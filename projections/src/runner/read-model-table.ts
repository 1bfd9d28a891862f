/**
 * One definition per read-model table, from which its DDL, its row type and its batch writes are derived:
 *
 *   const bookingsTable = readModelTable({
 *     name: 'bookings',
 *     columns: { id: { type: 'uuid', primaryKey: true }, name: { type: 'text' }, company: { type: 'text', nullable: true },
 *                tags: { type: 'text[]', default: "'{}'" }, projected_at: PROJECTED_AT },
 *     indexes: [{ name: 'created', on: '(created_at DESC)' }, { search: 'search' }],
 *   });
 *   type BookingRow = RowOf<typeof bookingsTable>;   // { id: string; name: string; company: string | null; tags: string[] }
 *   bookingsTable.createTable('rm_bookings_g3')      // CREATE TABLE "rm_bookings_g3" ("id" uuid PRIMARY KEY, ...)
 *   await bookingsTable.upsert(client, 'rm_bookings_g3', rows)   // one INSERT … ON CONFLICT ("id") DO UPDATE SET …
 *
 * Columns are NOT NULL unless `nullable`. Rows travel as ONE jsonb parameter unpacked by `jsonb_to_recordset`
 * (what the projections did by hand before): any number of rows in one statement and one round trip, no
 * 65,535-parameter ceiling, and array columns (`text[]`) arrive whole, which `unnest` of parallel arrays cannot
 * do. Instants and dates are written as ISO strings (a `Date` serialises to one too).
 *
 * A rebuild hands `apply` a BulkQueryable: `insertNew` then sends the rows with `COPY … FROM STDIN` (text
 * format), which costs PostgreSQL less than half the CPU of parsing the jsonb and unpacking it on big batches.
 */
import pg from 'pg';
import { type PhysicalTables, type SqlQueryable, quoteIdent } from './projection.ts';
import { createSearchIndex, trigramAvailable } from './read-model.ts';

/** The SQL types a read-model column may have (extend when a projection needs another). */
export type ColumnType =
  | 'uuid'
  | 'text'
  | 'boolean'
  | 'smallint'
  | 'int'
  | 'integer'
  | 'bigint'
  | 'numeric'
  | `numeric(${number},${number})`
  | 'real'
  | 'double precision'
  | 'date'
  | 'timestamptz'
  | 'jsonb'
  | 'uuid[]'
  | 'text[]'
  | 'int[]';

export interface ColumnDefinition {
  readonly type: ColumnType;
  /** The table's key (one column; a composite key is the table's `primaryKey`). Upserts conflict on it. */
  readonly primaryKey?: boolean;
  /** Allows NULL (columns are NOT NULL otherwise). */
  readonly nullable?: boolean;
  /** SQL expression of the column's DEFAULT, e.g. `"'{}'"` or `'clock_timestamp()'`. */
  readonly default?: string;
  /** `GENERATED ALWAYS AS (<expression>) STORED`: computed by the database, never written. */
  readonly generated?: string;
  /**
   * Not written by the projection: its `default` fills it on insert, and an upsert that updates the row sets
   * it to that expression again (`projected_at`, see PROJECTED_AT).
   */
  readonly touch?: boolean;
  /** Written on insert and kept when an upsert updates the row (e.g. `created_at`, `created_by`). */
  readonly immutable?: boolean;
  /** A larger (or smaller) statistics target, set with the indexes (after a rebuild's bulk load, before its ANALYZE). */
  readonly statistics?: number;
  /** A `--` comment above the column in the DDL. */
  readonly comment?: string;
}

export type IndexDefinition =
  /** `CREATE INDEX "<table>_<name>" ON "<table>" <on> [WHERE <where>]`; `on` is e.g. `(status, created_at DESC)`. */
  | { readonly name: string; readonly on: string; readonly where?: string }
  /**
   * The text-search index of `createSearchIndex` on column `search` (trigrams when pg_trgm is available, else a
   * btree for prefixes); `trigramOnly` skips it when pg_trgm is not available.
   */
  | { readonly search: string; readonly where?: string; readonly suffix?: string; readonly trigramOnly?: boolean };

export interface ReadModelTableDefinition<C extends Record<string, ColumnDefinition>> {
  /** Logical name: the VIEW the queries read (`bookings`); generation tables are `rm_<name>_g<N>`. */
  readonly name: string;
  /** In table order. */
  readonly columns: C;
  /** A composite key, when no column is `primaryKey`. */
  readonly primaryKey?: readonly (keyof C & string)[];
  /** Secondary indexes, created in this order by `createIndexes`. */
  readonly indexes?: readonly IndexDefinition[];
}

type ScalarValue<T extends string> = T extends 'boolean'
  ? boolean
  : T extends 'smallint' | 'int' | 'integer' | 'bigint' | 'numeric' | `numeric(${string})` | 'real' | 'double precision'
    ? number
    : T extends 'jsonb'
      ? unknown
      : string;

/** The TypeScript value written for an SQL type (`text[]` → `string[]`, `timestamptz` → ISO `string`). */
export type ColumnValue<T extends ColumnType> = T extends `${infer E}[]` ? ScalarValue<E>[] : ScalarValue<T>;

/** The columns a projection writes (not generated, not touched by the database). */
export type WrittenColumn<C extends Record<string, ColumnDefinition>> = {
  [K in keyof C & string]: C[K] extends { generated: string } | { touch: true } ? never : K;
}[keyof C & string];

/** A row as a projection writes it: every written column, `T | null` for nullable ones. */
export type RowOf<T> =
  T extends ReadModelTable<infer C>
    ? { [K in WrittenColumn<C>]: C[K] extends { nullable: true } ? ColumnValue<C[K]['type']> | null : ColumnValue<C[K]['type']> }
    : never;

/** What creating a generation's table needs (any `ReadModelTable`). */
export interface ReadModelTableDdl {
  /** The logical name (the read model's VIEW). */
  readonly name: string;
  /** CREATE TABLE for one generation's physical table. */
  createTable(physical: string): string;
  /** The CREATE INDEX statements (and statistics targets) for `physical`, run in order. */
  createIndexes(client: SqlQueryable, physical: string): Promise<void>;
}

export interface ReadModelTable<C extends Record<string, ColumnDefinition>> extends ReadModelTableDdl {
  readonly definition: ReadModelTableDefinition<C>;
  /** The conflict target: the primary key's columns. */
  readonly key: readonly string[];
  /** The written columns, in table order. */
  readonly writtenColumns: readonly WrittenColumn<C>[];
  /**
   * The multi-row write, rows in `$1` as a jsonb array: `INSERT … ON CONFLICT (<key>) DO UPDATE SET <every
   * written column but the key and immutable ones>, <touched columns> = <their default>` (`onConflict:
   * 'update'`), or `… DO NOTHING` (`'nothing'`: the first write of a key wins).
   */
  writeSql(physical: string, onConflict: 'update' | 'nothing'): string;
  /** Inserts `rows`, updating the existing ones (one statement; nothing for no rows). Keys must be distinct. */
  upsert(client: SqlQueryable, physical: string, rows: readonly RowOf<ReadModelTable<C>>[]): Promise<void>;
  /**
   * Inserts `rows`, leaving any row whose key already exists as it is (one statement; nothing for no rows). On a
   * BulkQueryable the rows are COPYed in, inside a savepoint; a key that exists already (COPY fails on it)
   * rolls back to the savepoint and the rows go through the INSERT … ON CONFLICT DO NOTHING instead.
   */
  insertNew(client: SqlQueryable, physical: string, rows: readonly RowOf<ReadModelTable<C>>[]): Promise<void>;
  /** The rows as the data of `COPY <physical> (<written columns>) FROM STDIN` (text format), one line each. */
  copyText(rows: readonly RowOf<ReadModelTable<C>>[]): string;
}

/**
 * A client that can also stream data to `COPY … FROM STDIN` (see `insertNew`): what a rebuild hands `apply`
 * while it fills a new generation, whose tables it created empty and alone writes until the swap.
 */
export interface BulkQueryable extends SqlQueryable {
  /**
   * `keysChecked`: the caller made sure no row repeats a key written before (through `writtenKeys`), so a table
   * whose primary key is deferred may stay without it; otherwise the deferred keys are built first (a COPY
   * then fails on a repeated key, as callers relying on unique_violation expect). A checked COPY of a rebuild's
   * pipelined batch resolves once sent (see `bulkQueryable`).
   */
  copyFrom(sql: string, data: string, keysChecked?: boolean): Promise<void>;
  /**
   * The keys written so far into `physical` when its primary key is deferred (a rebuild builds it after the
   * bulk load, far cheaper than maintaining it row by row), else undefined. The caller adds the keys it COPYs.
   * Any `query` (or unchecked `copyFrom`) builds the deferred keys first and ends this.
   */
  writtenKeys?(physical: string): Set<string> | undefined;
  /**
   * Kept across the batches of one rebuild: a projection may remember there what it wrote, e.g. which keys exist
   * (nothing else writes the new generation meanwhile).
   */
  readonly memo: Map<string, unknown>;
}

export function isBulkQueryable(client: SqlQueryable): client is BulkQueryable {
  return typeof (client as Partial<BulkQueryable>).copyFrom === 'function';
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const COPY_SPECIAL = /[\\\n\r\t]/;
const COPY_SPECIAL_ALL = /[\\\n\r\t]/g;
/** A value of COPY's text format: backslash, newline, carriage return and tab escaped. */
export const copyEscape = (text: string) => (COPY_SPECIAL.test(text) ? text.replace(COPY_SPECIAL_ALL, (c) => COPY_ESCAPES[c]!) : text);

/** A scalar's text as jsonb_to_recordset would read it from the row's JSON (null for what JSON makes null). */
function scalarText(value: unknown): string | null {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return Number.isFinite(value) ? String(value) : null;
    case 'boolean':
      return String(value);
    case 'undefined':
    case 'function':
    case 'symbol':
      return null;
    default:
      if (value === null) return null;
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
      return JSON.stringify(value);
  }
}

/** Element of an array literal: quoted, with `"` and `\` escaped. */
const arrayElement = (value: unknown) => {
  const text = scalarText(value);
  return text === null ? 'NULL' : `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`;
};

/** How one column's value is written in COPY's text format (`\N` is NULL). */
function copyEncoder(type: ColumnType): (value: unknown) => string {
  if (type === 'jsonb') {
    return (value) => {
      const json = value === null || value === undefined ? undefined : (JSON.stringify(value) as string | undefined);
      return json === undefined ? '\\N' : copyEscape(json);
    };
  }
  if (type.endsWith('[]')) {
    return (value) => (Array.isArray(value) ? copyEscape(`{${value.map(arrayElement).join(',')}}`) : value == null ? '\\N' : copyEscape(String(value)));
  }
  return (value) => {
    const text = scalarText(value);
    return text === null ? '\\N' : copyEscape(text);
  };
}

const IDENT_RE = /^[a-z_][a-z0-9_]*$/;

/**
 * `projected_at`: when the projector last wrote the row (operational: measures commit → read-model lag).
 * Differs between two builds of the same events, so row comparisons leave it out.
 */
export const PROJECTED_AT = {
  type: 'timestamptz',
  default: 'clock_timestamp()',
  touch: true,
  comment: 'when the projector last wrote the row (operational: measures commit → read-model lag)',
} as const satisfies ColumnDefinition;

export function readModelTable<const C extends Record<string, ColumnDefinition>>(definition: ReadModelTableDefinition<C>): ReadModelTable<C> {
  const { name } = definition;
  const columns = Object.entries(definition.columns) as [string, ColumnDefinition][];
  const fail = (message: string): never => {
    throw new Error(`read model ${name}: ${message}`);
  };
  if (!IDENT_RE.test(name)) fail('table name must be a lower-case identifier');
  if (columns.length === 0) fail('no columns');
  for (const [column, def] of columns) {
    if (!IDENT_RE.test(column)) fail(`column name must be a lower-case identifier: ${column}`);
    if (def.generated !== undefined && (def.default !== undefined || def.touch || def.primaryKey)) fail(`generated column ${column} cannot have a default, touch or be the key`);
    if (def.touch && def.default === undefined) fail(`touched column ${column} needs a default`);
    if (def.primaryKey && def.nullable) fail(`key column ${column} cannot be nullable`);
  }
  const columnKey = columns.filter(([, def]) => def.primaryKey).map(([column]) => column);
  if (columnKey.length > 1) fail('more than one primaryKey column: use the table primaryKey for a composite key');
  if (columnKey.length > 0 && definition.primaryKey) fail('a primaryKey column and a table primaryKey');
  const key = columnKey.length > 0 ? columnKey : [...(definition.primaryKey ?? [])];
  if (key.length === 0) fail('no primary key (upserts need a conflict target)');
  for (const k of key) {
    const def = definition.columns[k];
    if (!def) fail(`key column ${k} is not a column`);
    else if (def.nullable || def.generated !== undefined || def.touch) fail(`key column ${k} must be a written NOT NULL column`);
  }
  const indexNames = new Set<string>();
  for (const index of definition.indexes ?? []) {
    // The name after `<table>_`, as createSearchIndex names its index.
    const id = 'search' in index ? [index.search, index.suffix].filter(Boolean).join('_') : index.name;
    if (indexNames.has(id)) fail(`index ${id} defined twice`);
    indexNames.add(id);
  }

  const written = columns.filter(([, def]) => def.generated === undefined && !def.touch).map(([column]) => column);
  const touched = columns.filter(([, def]) => def.touch);
  const q = (column: string) => quoteIdent(column);

  const columnDdl = ([column, def]: [string, ColumnDefinition]) => {
    const parts = [q(column), def.type];
    if (def.primaryKey) parts.push('PRIMARY KEY');
    else if (!def.nullable) parts.push('NOT NULL');
    if (def.default !== undefined) parts.push(`DEFAULT ${def.default}`);
    if (def.generated !== undefined) parts.push(`GENERATED ALWAYS AS (${def.generated}) STORED`);
    const comment = def.comment ? `-- ${def.comment.replace(/\s+/g, ' ')}\n  ` : '';
    return `${comment}${parts.join(' ')}`;
  };
  const tableKey = definition.primaryKey ? [`PRIMARY KEY (${key.map(q).join(', ')})`] : [];
  const ddlBody = [...columns.map(columnDdl), ...tableKey].join(',\n  ');

  const recordType = written.map((column) => `${q(column)} ${definition.columns[column]!.type}`).join(', ');
  const insertHead = (physical: string) => `INSERT INTO ${quoteIdent(physical)} (${written.map(q).join(', ')})
SELECT ${written.map((c) => `r.${q(c)}`).join(', ')}
FROM jsonb_to_recordset($1::jsonb) AS r(${recordType})
ON CONFLICT (${key.map(q).join(', ')}) DO `;
  const updates = [
    ...written.filter((c) => !key.includes(c) && !definition.columns[c]!.immutable).map((c) => `${q(c)} = EXCLUDED.${q(c)}`),
    ...touched.map(([column, def]) => `${q(column)} = ${def.default!}`),
  ];
  // Nothing to set (every column is the key or immutable, nothing touched): the upsert is an insert of new keys.
  const onUpdate = updates.length > 0 ? `UPDATE SET ${updates.join(', ')}` : 'NOTHING';

  const writeSql = (physical: string, onConflict: 'update' | 'nothing') =>
    insertHead(physical) + (onConflict === 'update' ? onUpdate : 'NOTHING');

  const keyOf = (row: Record<string, unknown>) => JSON.stringify(key.map((k) => row[k]));
  // The key as PostgreSQL compares it, for the rows a deferred key cannot reject yet (uuids ignore case).
  const keyText = (k: string) => (definition.columns[k]!.type === 'uuid' ? (v: unknown) => String(v).toLowerCase() : (v: unknown) => String(v));
  const keyTexts = key.map(keyText);
  const comparedKey =
    key.length === 1 ? (row: Record<string, unknown>) => keyTexts[0]!(row[key[0]!]) : (row: Record<string, unknown>) => JSON.stringify(key.map((k, i) => keyTexts[i]!(row[k])));

  const encoders = written.map((column) => [column, copyEncoder(definition.columns[column]!.type)] as const);
  const copyText = (rows: readonly Record<string, unknown>[]) => {
    let text = '';
    for (const row of rows) {
      let line = '';
      for (let i = 0; i < encoders.length; i++) {
        const [column, encode] = encoders[i]!;
        line += (i === 0 ? '' : '\t') + encode(row[column]);
      }
      text += `${line}\n`;
    }
    return text;
  };
  const copySql = (physical: string) => `COPY ${quoteIdent(physical)} (${written.map(q).join(', ')}) FROM STDIN`;

  return {
    name,
    definition,
    key,
    writtenColumns: written as WrittenColumn<C>[],
    createTable: (physical) => `CREATE TABLE ${quoteIdent(physical)} (\n  ${ddlBody}\n)`,
    async createIndexes(client, physical) {
      const table = quoteIdent(physical);
      for (const index of definition.indexes ?? []) {
        if ('search' in index) {
          if (index.trigramOnly && !(await trigramAvailable(client))) continue;
          await createSearchIndex(client, physical, {
            column: index.search,
            ...(index.where !== undefined ? { where: index.where } : {}),
            ...(index.suffix !== undefined ? { suffix: index.suffix } : {}),
          });
        } else {
          await client.query(`CREATE INDEX ${quoteIdent(`${physical}_${index.name}`)} ON ${table} ${index.on}${index.where ? ` WHERE ${index.where}` : ''}`);
        }
      }
      for (const [column, def] of columns) {
        if (def.statistics !== undefined) await client.query(`ALTER TABLE ${table} ALTER COLUMN ${q(column)} SET STATISTICS ${def.statistics}`);
      }
    },
    writeSql,
    async upsert(client, physical, rows) {
      if (rows.length === 0) return;
      const seen = new Set<string>();
      for (const row of rows as readonly Record<string, unknown>[]) {
        const k = keyOf(row);
        // PostgreSQL refuses one INSERT … DO UPDATE that reaches a row twice: say which key.
        if (seen.has(k)) throw new Error(`read model ${name}: upsert of key ${k} twice in one statement`);
        seen.add(k);
      }
      await client.query(writeSql(physical, 'update'), [JSON.stringify(rows)]);
    },
    async insertNew(client, physical, rows) {
      if (rows.length === 0) return;
      if (isBulkQueryable(client)) {
        const written = client.writtenKeys?.(physical);
        if (written) {
          // No key to reject a repeated row yet: skip those already written (the first write wins, as below).
          const fresh = (rows as readonly Record<string, unknown>[]).filter((row) => {
            const k = comparedKey(row);
            if (written.has(k)) return false;
            written.add(k);
            return true;
          });
          if (fresh.length > 0) await client.copyFrom(copySql(physical), copyText(fresh), true);
          return;
        }
        await client.query('SAVEPOINT copy_rows');
        try {
          await client.copyFrom(copySql(physical), copyText(rows));
          await client.query('RELEASE SAVEPOINT copy_rows');
          return;
        } catch (err) {
          await client.query('ROLLBACK TO SAVEPOINT copy_rows');
          // unique_violation: a key exists already (or twice in rows): the INSERT below skips it.
          if ((err as { code?: unknown }).code !== '23505') throw err;
        }
      }
      await client.query(writeSql(physical, 'nothing'), [JSON.stringify(rows)]);
    },
    copyText,
  };
}

/**
 * `COPY … FROM STDIN` through node-postgres' own protocol messages: the data goes in one CopyData message
 * (a batch of rows is a few hundred kilobytes), then CopyDone; the result or error comes back as for a query.
 */
class CopyFromStdin extends pg.Query {
  constructor(
    sql: string,
    private readonly data: string,
    callback: (err: Error | undefined) => void,
  ) {
    super(sql, callback);
  }

  handleCopyInResponse(connection: { sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void }): void {
    connection.sendCopyFromChunk(Buffer.from(this.data));
    connection.endCopyFrom();
  }
}

/** A primary key a rebuild dropped from a new generation's table before its bulk load (see `deferPrimaryKeys`). */
export interface DeferredKey {
  readonly table: string;
  readonly constraint: string;
  /** `PRIMARY KEY (…)`, as pg_get_constraintdef gives it. */
  readonly definition: string;
  /** The CREATE UNIQUE INDEX of the key (pg_get_indexdef), built beside the other indexes after the load. */
  readonly indexSql: string;
}

/**
 * Keys a deferral holds in memory at most (per table; about 100 bytes each): past it, `writtenKeys` answers
 * undefined, so the next insert builds the keys and the rest of the rebuild writes through them. A rebuild of
 * a few million rows keeps the cheap path; a far larger one does not grow the heap with its row count.
 */
export const DEFERRED_KEYS_HELD_MAX = 2_000_000;

/** The primary keys of a rebuild's new tables while they are deferred, and the keys written meanwhile. */
export class DeferredKeys {
  private readonly pending = new Map<string, { key: DeferredKey; written: Set<string> }>();

  constructor(
    keys: readonly DeferredKey[],
    private readonly maxHeld = DEFERRED_KEYS_HELD_MAX,
  ) {
    for (const key of keys) this.pending.set(key.table, { key, written: new Set() });
  }

  get keys(): DeferredKey[] {
    return [...this.pending.values()].map((p) => p.key);
  }

  writtenKeys(table: string): Set<string> | undefined {
    const written = this.pending.get(table)?.written;
    return written && written.size < this.maxHeld ? written : undefined;
  }

  /** Builds every deferred key now, on `client` (in its transaction), and ends the deferral. */
  async build(client: SqlQueryable): Promise<void> {
    for (const { key } of this.pending.values()) {
      await client.query(`ALTER TABLE ${quoteIdent(key.table)} ADD CONSTRAINT ${quoteIdent(key.constraint)} ${key.definition}`);
    }
    this.pending.clear();
  }

  /** Done by the caller (e.g. the key's unique index built apart): forgets them. */
  clear(): void {
    this.pending.clear();
  }
}

/**
 * Drops the primary key of each of `tables` (a rebuild's new, empty tables) when nothing references it, and
 * returns what rebuilds it. COPYing a million rows into a table without its key, then building the key from
 * the sorted rows, costs PostgreSQL far less than inserting every key into the btree as the row arrives.
 */
export async function deferPrimaryKeys(client: pg.Pool | pg.ClientBase, tables: readonly string[]): Promise<DeferredKey[]> {
  const { rows } = await client.query<{ table: string; constraint: string; definition: string; index_sql: string }>(
    `SELECT t.name AS table, c.conname AS constraint, pg_get_constraintdef(c.oid) AS definition, pg_get_indexdef(c.conindid) AS index_sql
     FROM unnest($1::text[]) AS t(name)
     JOIN pg_constraint c ON c.conrelid = to_regclass(quote_ident(t.name)) AND c.contype = 'p'
     WHERE NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.confrelid = c.conrelid)`,
    [tables],
  );
  for (const row of rows) await client.query(`ALTER TABLE ${quoteIdent(row.table)} DROP CONSTRAINT ${quoteIdent(row.constraint)}`);
  return rows.map((row) => ({ table: row.table, constraint: row.constraint, definition: row.definition, indexSql: row.index_sql }));
}

/** A BulkQueryable whose COPYs may still run after `copyFrom` returned (see `bulkQueryable`'s `previous`). */
export interface PipelinedBulkQueryable extends BulkQueryable {
  /** Settles when the COPYs sent so far have ended; rejects with the first one's error. */
  settled(): Promise<void>;
}

/**
 * `client` able to COPY as well: `insertNew` then COPYs its rows (a rebuild's batches into a new generation).
 * With `deferred`, the tables' primary keys are absent until a statement may need them (any query, a COPY
 * whose rows were not checked against `writtenKeys`): that builds them first.
 *
 * With `previous` (the commit of the batch before, still running on another connection: a rebuild's two
 * batches in flight), a COPY of checked rows is sent and `copyFrom` returns at once: Node goes on with the next
 * batch while PostgreSQL writes this one (`settled` waits for it; its error comes from there, or from the next
 * statement). Those rows repeat no key written before, so they need nothing of the previous batch. Anything
 * else waits until the previous batch has committed (it may read, update or conflict with what that batch
 * wrote) and this client's COPYs have ended (one statement at a time on a connection).
 */
export function bulkQueryable(client: pg.ClientBase, memo?: Map<string, unknown>, deferred?: DeferredKeys): BulkQueryable;
export function bulkQueryable(client: pg.ClientBase, memo: Map<string, unknown>, deferred: DeferredKeys | undefined, previous: Promise<unknown>): PipelinedBulkQueryable;
export function bulkQueryable(client: pg.ClientBase, memo = new Map<string, unknown>(), deferred?: DeferredKeys, previous?: Promise<unknown>): PipelinedBulkQueryable {
  const keyed = async () => {
    if (deferred && deferred.keys.length > 0) await deferred.build(client);
  };
  const copy = (sql: string, data: string) =>
    new Promise<void>((resolve, reject) => {
      client.query(new CopyFromStdin(sql, data, (err) => (err ? reject(err) : resolve())));
    });
  // The COPYs sent and not waited for, one after the other.
  let copies: Promise<void> = Promise.resolve();
  const ready = async () => {
    await copies;
    await previous;
  };
  return {
    memo,
    query: async (text, values) => {
      await ready();
      await keyed();
      return client.query(text, values);
    },
    async copyFrom(sql, data, keysChecked) {
      if (previous && keysChecked) {
        copies = copies.then(() => copy(sql, data));
        copies.catch(() => {}); // reported by settled() or the next statement
        return;
      }
      await ready();
      if (!keysChecked) await keyed();
      await copy(sql, data);
    },
    settled: () => copies,
    ...(deferred ? { writtenKeys: (physical: string) => deferred.writtenKeys(physical) } : {}),
  };
}

/** Runs the CREATE TABLE of each table for its physical table in `physical` (a projection's `setup`). */
export async function createReadModelTables(client: SqlQueryable, physical: PhysicalTables, ...tables: ReadModelTableDdl[]): Promise<void> {
  for (const table of tables) await client.query(table.createTable(physicalOf(physical, table)));
}

/** Creates each table's indexes on its physical table in `physical` (a projection's `indexes`). */
export async function createReadModelIndexes(client: SqlQueryable, physical: PhysicalTables, ...tables: ReadModelTableDdl[]): Promise<void> {
  for (const table of tables) await table.createIndexes(client, physicalOf(physical, table));
}

function physicalOf(physical: PhysicalTables, table: ReadModelTableDdl): string {
  const name = physical[table.name];
  if (!name) throw new Error(`no physical table for read model ${table.name}`);
  return name;
}
