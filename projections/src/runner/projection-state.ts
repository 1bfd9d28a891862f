/**
 * The projection registry (`projection_state`) and the generation bookkeeping shared by the runner and
 * the rebuild: advisory lock keys, generation allocation, views, orphan clean-up, batch transactions.
 *
 * Generations: each projection's read models live in physical tables `rm_<logical>_g<generation>`;
 * the logical name is a VIEW on the live generation. `projection_state.generation` names the live one,
 * `checkpoint` is the position of the last event applied to it (written in the same transaction as the
 * rows).
 */
import pg from 'pg';
import type { EventStore, RecordedEvent } from '@crm/contracts';
import {
  type PhysicalTables,
  type ProjectionDefinition,
  type SqlQueryable,
  physicalTableName,
  physicalTables,
  quoteIdent,
} from './projection.ts';

/** Advisory lock namespaces (two-int form: namespace, hashtext(key)). */
export const LOCK_NS = {
  /** Session lock held by the one running instance of a projection, for its life. */
  runner: 727100,
  /** Session lock held by whoever builds a generation (key `<name>:g<generation>`). */
  generation: 727101,
  /** Transaction lock around generation allocation, initialisation and orphan clean-up. */
  allocate: 727102,
  /** Transaction lock around creating the registry table. */
  registry: 727103,
} as const;

export const generationLockKey = (name: string, generation: number) => `${name}:g${generation}`;

export interface ProjectionStateRow {
  name: string;
  version: number;
  generation: number;
  checkpoint: string | null;
  status: string;
  updated_at: Date;
}

/** SQLSTATE of `projection_checkpoint` when the registry row no longer matches the batch. */
export const CHECKPOINT_MOVED = 'PJ001';

/**
 * The registry table, and `projection_checkpoint`: a live batch's last statement, the guarded checkpoint write
 * that RAISES when the row moved (another generation or checkpoint), so the batch's COMMIT can be sent right
 * behind it, in the same flight (an aborted transaction's COMMIT is a ROLLBACK). Run in a transaction (both
 * callers do): the registry lock serialises concurrent creators.
 */
export const REGISTRY_SQL = /* sql */ `
SELECT pg_advisory_xact_lock(${LOCK_NS.registry});
CREATE TABLE IF NOT EXISTS projection_state (
  name text PRIMARY KEY,
  version integer NOT NULL,
  generation integer NOT NULL,
  checkpoint text,
  status text NOT NULL DEFAULT 'live',
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE OR REPLACE FUNCTION projection_checkpoint(p_name text, p_generation integer, p_expected text, p_checkpoint text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE projection_state SET checkpoint = p_checkpoint, updated_at = now()
   WHERE name = p_name AND generation = p_generation AND checkpoint IS NOT DISTINCT FROM p_expected;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'projection_state of % moved (attached: generation %, checkpoint %)', p_name, p_generation, p_expected
      USING ERRCODE = '${CHECKPOINT_MOVED}';
  END IF;
END $$`;

const registryReady = new WeakMap<pg.Pool, Promise<void>>();

/** Creates `projection_state` once per pool (idempotent, safe under concurrency). */
export function ensureRegistry(pool: pg.Pool): Promise<void> {
  let ready = registryReady.get(pool);
  if (!ready) {
    ready = withTransaction(pool, async (c) => {
      await c.query(REGISTRY_SQL);
    });
    ready.catch(() => registryReady.delete(pool));
    registryReady.set(pool, ready);
  }
  return ready;
}

/** BEGIN for writes that can be redone from the event store: their COMMIT does not wait for the WAL flush. */
export const BEGIN_ASYNC_COMMIT = 'BEGIN; SET LOCAL synchronous_commit = off';

export interface TransactionOptions {
  /**
   * COMMIT without waiting for the WAL flush (`SET LOCAL synchronous_commit = off`, sent with BEGIN in one round
   * trip). Only for writes that can be redone from the event store: a crash may lose the last such commits (never
   * reorder them: a later synchronous commit flushes the WAL before it, theirs included).
   */
  asyncCommit?: boolean;
}

/** Runs `fn` in one transaction on a pooled client; rolls back on any error. */
export async function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(options.asyncCommit ? BEGIN_ASYNC_COMMIT : 'BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    try {
      await client.query('ROLLBACK');
    } catch (rollbackErr) {
      broken = rollbackErr instanceof Error ? rollbackErr : new Error(String(rollbackErr));
    }
    throw err;
  } finally {
    client.release(broken);
  }
}

export async function readState(db: SqlQueryable, name: string, forUpdate = false): Promise<ProjectionStateRow | null> {
  const { rows } = await db.query(
    `SELECT name, version, generation, checkpoint, status, updated_at FROM projection_state WHERE name = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [name],
  );
  return (rows[0] as ProjectionStateRow | undefined) ?? null;
}

export class EventOrderError extends Error {
  override readonly name = 'EventOrderError';
}

/**
 * Guards the exactly-once promise against a store that delivers out of order: every event must come
 * strictly after the previous one (and after `after`). Throws instead of silently skipping events.
 */
export function assertInOrder(store: EventStore, after: string | null, events: readonly RecordedEvent[]): void {
  let prev = after;
  for (const e of events) {
    if (prev !== null && store.compareCheckpoints(prev, e.checkpoint) >= 0) {
      throw new EventOrderError(`event store delivered ${e.checkpoint} after ${prev} (event ${e.id}): out of global order`);
    }
    prev = e.checkpoint;
  }
}

/** Filters by `def.eventTypes` and hands the batch to `def.apply` (inside the caller's transaction). */
export async function applyEvents(
  client: SqlQueryable,
  def: ProjectionDefinition,
  events: readonly RecordedEvent[],
  tables: PhysicalTables,
): Promise<void> {
  const wanted = def.eventTypes ? events.filter((e) => def.eventTypes!.includes(e.type)) : events;
  if (wanted.length > 0) await def.apply(client, wanted, tables);
}

/** Generations that currently have at least one physical table. */
export async function existingGenerations(db: SqlQueryable, def: ProjectionDefinition): Promise<Set<number>> {
  const { rows } = await db.query(
    `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND c.relname LIKE 'rm\\_%'`,
  );
  const found = new Set<number>();
  for (const { relname } of rows as { relname: string }[]) {
    for (const logical of def.tables) {
      const m = new RegExp(`^rm_${logical}_g(\\d+)$`).exec(relname);
      if (m) found.add(Number(m[1]));
    }
  }
  return found;
}

export async function dropGenerationTables(db: SqlQueryable, def: ProjectionDefinition, generation: number): Promise<void> {
  for (const logical of def.tables) {
    await db.query(`DROP TABLE IF EXISTS ${quoteIdent(physicalTableName(logical, generation))}`);
  }
}

/** Points every logical VIEW at the given generation's tables (inside the caller's transaction). */
export async function pointViews(db: SqlQueryable, physical: PhysicalTables): Promise<void> {
  for (const [logical, table] of Object.entries(physical)) {
    await db.query('SAVEPOINT point_view');
    try {
      await db.query(`CREATE OR REPLACE VIEW ${quoteIdent(logical)} AS SELECT * FROM ${quoteIdent(table)}`);
      await db.query('RELEASE SAVEPOINT point_view');
    } catch (err) {
      // The new generation's columns differ (CREATE OR REPLACE cannot drop or rename columns): replace it.
      if (!(err instanceof pg.DatabaseError) || err.code !== '42P16') throw err;
      await db.query('ROLLBACK TO SAVEPOINT point_view');
      await db.query(`DROP VIEW ${quoteIdent(logical)}`);
      await db.query(`CREATE VIEW ${quoteIdent(logical)} AS SELECT * FROM ${quoteIdent(table)}`);
    }
  }
}

/**
 * Drops the tables of generations that are neither live nor being built (their builder holds the
 * generation lock). Call inside a transaction holding the allocation lock.
 */
async function dropOrphans(db: SqlQueryable, def: ProjectionDefinition, live: number | null): Promise<Set<number>> {
  const gens = await existingGenerations(db, def);
  for (const g of gens) {
    if (g === live) continue;
    const { rows } = await db.query('SELECT pg_try_advisory_xact_lock($1, hashtext($2)) AS ok', [
      LOCK_NS.generation,
      generationLockKey(def.name, g),
    ]);
    if ((rows[0] as { ok: boolean }).ok) await dropGenerationTables(db, def, g);
  }
  return gens;
}

/**
 * Returns the registry row, creating the first generation (empty tables, views, row with a null
 * checkpoint) when the projection has never run.
 */
export async function loadOrInitState(pool: pg.Pool, def: ProjectionDefinition): Promise<ProjectionStateRow> {
  await ensureRegistry(pool);
  const existing = await readState(pool, def.name);
  if (existing) return existing;
  return withTransaction(pool, async (c) => {
    await c.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [LOCK_NS.allocate, def.name]);
    const again = await readState(c, def.name);
    if (again) return again;
    const gens = await dropOrphans(c, def, null);
    const generation = Math.max(0, ...gens) + 1;
    const physical = physicalTables(def, generation);
    await def.setup(c, physical);
    await def.indexes?.(c, physical);
    await pointViews(c, physical);
    const { rows } = await c.query(
      `INSERT INTO projection_state (name, version, generation, checkpoint, status, updated_at)
       VALUES ($1, $2, $3, NULL, 'live', now())
       RETURNING name, version, generation, checkpoint, status, updated_at`,
      [def.name, def.version, generation],
    );
    return rows[0] as ProjectionStateRow;
  });
}

/**
 * Allocates a new generation number for a rebuild, takes its generation lock (session level, on the
 * given dedicated client) and creates its empty tables. Drops abandoned generations on the way.
 */
export async function allocateGeneration(client: pg.Client, def: ProjectionDefinition): Promise<number> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [LOCK_NS.allocate, def.name]);
    const state = await readState(client, def.name);
    const gens = await dropOrphans(client, def, state?.generation ?? null);
    const generation = Math.max(state?.generation ?? 0, ...gens) + 1;
    await client.query('SELECT pg_advisory_lock($1, hashtext($2))', [LOCK_NS.generation, generationLockKey(def.name, generation)]);
    await def.setup(client, physicalTables(def, generation));
    await client.query('COMMIT');
    return generation;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
}

/** A dedicated connection with the pool's settings (for session-level advisory locks). */
export async function connectDedicated(pool: pg.Pool, onLost?: (client: pg.Client, err: Error) => void): Promise<pg.Client> {
  const client = new pg.Client(pool.options);
  client.on('error', (err) => onLost?.(client, err));
  client.on('end', () => onLost?.(client, new Error('connection ended')));
  await client.connect();
  return client;
}
