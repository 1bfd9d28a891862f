import type { RecordedEvent } from '@crm/contracts';

/** Anything that runs parameterised SQL: a `pg.Pool`, a `pg.PoolClient` or a `pg.Client`. */
export interface SqlQueryable {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number | null }>;
}

/** Logical read-model name (the VIEW the queries use) → physical table of one generation. */
export type PhysicalTables = Record<string, string>;

/**
 * A projection: how a read model is laid out (`setup`) and how a batch of events changes it (`apply`).
 * `name` and `version` are its identity: bumping `version` makes the runner build a new generation from
 * scratch and swap it in (STACK.md, "Projections").
 */
export interface ProjectionDefinition {
  /** Unique name, the key of its `projection_state` row (e.g. `bookings`). */
  readonly name: string;
  /** Positive integer; a higher version than the registry's triggers a rebuild. */
  readonly version: number;
  /** Logical read-model names, each served by a VIEW of that name (e.g. `['bookings']`). */
  readonly tables: readonly string[];
  /** When given, only these event types reach `apply` (the checkpoint still moves past the others). */
  readonly eventTypes?: readonly string[];
  /** `false`: `apply` never reads `event.metadata`, so a rebuild's bulk read leaves it out (less to convert and send). */
  readonly readsMetadata?: boolean;
  /**
   * Creates this generation's physical tables and their indexes. Runs inside a transaction: use
   * SAVEPOINTs around statements that may fail on purpose.
   */
  setup(client: SqlQueryable, physical: PhysicalTables): Promise<void>;
  /**
   * Creates secondary indexes. A rebuild runs it once after the bulk load (building an index once is far
   * cheaper than maintaining it batch by batch); a new empty generation runs it right after `setup`.
   */
  indexes?(client: SqlQueryable, physical: PhysicalTables): Promise<void>;
  /**
   * Applies a batch of events, in global order, inside the batch's transaction (the checkpoint is
   * written in the same transaction). Must be deterministic; ideally set-based SQL. Live, its INSERT, UPDATE and
   * DELETE statements are sent with the checkpoint (batch-client.ts): their promises resolve at once with no rows
   * and a null `rowCount` (a statement with RETURNING runs at once and returns its rows), and a SELECT sees them.
   */
  apply(client: SqlQueryable, events: readonly RecordedEvent[], tables: PhysicalTables): Promise<void>;
}

/** Identity helper that keeps literal types and checks the shape. */
export function defineProjection(def: ProjectionDefinition): ProjectionDefinition {
  validateDefinition(def);
  return def;
}

const NAME_RE = /^[a-z][a-z0-9_]{0,39}$/;

export function validateDefinition(def: ProjectionDefinition): void {
  if (!NAME_RE.test(def.name)) throw new Error(`Projection name must match ${NAME_RE}: ${def.name}`);
  if (!Number.isInteger(def.version) || def.version < 1) throw new Error(`Projection ${def.name}: version must be a positive integer`);
  if (def.tables.length === 0) throw new Error(`Projection ${def.name}: at least one table`);
  for (const t of def.tables) {
    if (!NAME_RE.test(t)) throw new Error(`Projection ${def.name}: table name must match ${NAME_RE}: ${t}`);
  }
}

/** Physical table name of a logical read model in a generation: `rm_<logical>_g<generation>`. */
export function physicalTableName(logical: string, generation: number): string {
  return `rm_${logical}_g${generation}`;
}

export function physicalTables(def: Pick<ProjectionDefinition, 'tables'>, generation: number): PhysicalTables {
  return Object.fromEntries(def.tables.map((t) => [t, physicalTableName(t, generation)]));
}

/** Quotes an SQL identifier. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Minimal structured logger (pino-compatible). */
export interface ProjectionLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const silentLogger: ProjectionLogger = { info() {}, warn() {}, error() {} };
