import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import {
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type ReadAllResult,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
  WrongExpectedVersionError,
} from '@crm/contracts';
import { EVENT_STORE_SCHEMA_SQL } from './postgres-event-store.sql.ts';

/** An `es_events` row as `readAll` and `readStream` read it: the jsonb columns as text (`JSONB_AS_TEXT`). */
interface EventRow {
  global_position: string;
  transaction_id: string;
  event_id: string;
  stream_id: string;
  stream_version: string;
  type: string;
  schema_version: number;
  data: string;
  metadata: string;
  created_at: Date;
}

const SELECT_COLUMNS =
  'global_position, transaction_id::text AS transaction_id, event_id, stream_id, stream_version, type, schema_version, data, metadata, created_at';

/** Checkpoint format: "<transaction id>:<global position>", compared as the pair. */
export function encodeCheckpoint(tx: string, position: string | number): string {
  return `${tx}:${position}`;
}
function decodeCheckpoint(checkpoint: string | null): [string, string] {
  if (checkpoint === null) return ['0', '0'];
  const m = /^(\d+):(\d+)$/.exec(checkpoint);
  if (!m) throw new Error(`Invalid Postgres event store checkpoint: ${checkpoint}`);
  return [m[1]!, m[2]!];
}

/**
 * jsonb columns left as their text and parsed by `toRecorded` (pg's own parser is the same JSON.parse): the text's
 * length is what the tail window counts against its byte bound.
 */
const JSONB_AS_TEXT = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === pg.types.builtins.JSONB ? (text: string) => text : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    schemaVersion: row.schema_version,
    data: JSON.parse(row.data),
    metadata: JSON.parse(row.metadata) as RecordedEvent['metadata'],
    streamId: row.stream_id,
    streamVersion: Number(row.stream_version),
    checkpoint: encodeCheckpoint(row.transaction_id, row.global_position),
    timestamp: row.created_at,
  };
}

/** What `readAllBulk` reads: every event visible when it starts, after `after`, `limit` positions a page. */
export interface BulkReadOptions {
  after: string | null;
  /** Positions per page (a page holds fewer events when `types` filters some out). */
  limit: number;
  /** Pages read at the same time, each by its own query on a pooled connection (default 2). */
  concurrency?: number;
  /**
   * Only these event types: the others are skipped by the database (never converted to text or sent), and the
   * pages' checkpoints still move past them.
   */
  types?: readonly string[];
  /**
   * `false`: leaves each event's metadata out (not converted to text nor sent; reading `metadata` then throws),
   * for a reader that never looks at it. Default true.
   */
  metadata?: boolean;
}

/** `SELECT_COLUMNS` without the metadata (a NULL in its place, which `BulkRecordedEvent` takes as "not read"). */
const SELECT_COLUMNS_NO_METADATA = SELECT_COLUMNS.replace(', metadata,', ', NULL AS metadata,');

const parseTimestamptz = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (text: string) => Date;
const TEXT_TYPES = new Set<number>([pg.types.builtins.TIMESTAMPTZ, pg.types.builtins.JSONB]);
/** The bulk read's rows: timestamps and jsonb stay text (parsed by `BulkRecordedEvent` when used). */
const rawTypes = {
  getTypeParser: ((oid: number, format?: string) =>
    TEXT_TYPES.has(oid) ? (text: string) => text : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};
/** `SELECT_COLUMNS` in array row mode. */
type RawEventRow = [string, string, string, string, string, string, number, string, string | null, string];

/**
 * An event of the bulk read: `metadata` and `timestamp` are parsed on first use (a rebuild's projection often
 * reads neither, and parsing them was a tenth of its time in Node). `toJSON` gives the plain event.
 */
class BulkRecordedEvent implements RecordedEvent {
  readonly id: string;
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: unknown;
  readonly streamId: string;
  readonly streamVersion: number;
  readonly checkpoint: string;
  /** null: left out of the read (`metadata: false`). */
  #metadata: string | null | RecordedEvent['metadata'];
  #timestamp: string | Date;

  constructor(row: RawEventRow) {
    this.id = row[2];
    this.type = row[5];
    this.schemaVersion = row[6];
    this.data = JSON.parse(row[7]);
    this.streamId = row[3];
    this.streamVersion = Number(row[4]);
    this.checkpoint = encodeCheckpoint(row[1], row[0]);
    this.#metadata = row[8];
    this.#timestamp = row[9];
  }

  get metadata(): RecordedEvent['metadata'] {
    if (this.#metadata === null) throw new Error(`event ${this.id}: its metadata was left out of this bulk read (metadata: false)`);
    if (typeof this.#metadata === 'string') this.#metadata = JSON.parse(this.#metadata) as RecordedEvent['metadata'];
    return this.#metadata;
  }

  get timestamp(): Date {
    if (typeof this.#timestamp === 'string') this.#timestamp = parseTimestamptz(this.#timestamp);
    return this.#timestamp;
  }

  toJSON(): RecordedEvent {
    const { id, type, schemaVersion, data, streamId, streamVersion, checkpoint, timestamp } = this;
    // Left out of the read: empty rather than a throw from JSON.stringify (a log line, an error message).
    const metadata = this.#metadata === null ? ({} as RecordedEvent['metadata']) : this.metadata;
    return { id, type, schemaVersion, data, metadata, streamId, streamVersion, checkpoint, timestamp };
  }
}

/** What an event adds to the tail window's byte count besides its JSON text (ids, checkpoint, the objects). */
const EVENT_BASE_BYTES = 256;

/**
 * The most recent events this store has read for its subscriptions: a contiguous range (start, end] of the
 * global order, which never changes once read (readAll only returns events below the read horizon, so nothing
 * can appear later before `end`). Subscriptions positioned inside it are served from it without a query; a
 * read from `end` extends it, the oldest events leaving it past its bounds.
 */
class TailWindow {
  readonly events: RecordedEvent[] = [];
  /** Each event's share of `bytes`. */
  private readonly sizes: number[] = [];
  bytes = 0;
  /** Position (a checkpoint, '' for the very beginning) → absolute index; the start's is `first - 1`. */
  private readonly index = new Map<string, number>();
  /** Absolute index of `events[0]`. */
  private first = 0;
  /**
   * The wake-up count when the read that found `end` to be the head started (it returned fewer than its limit),
   * -1 when none did: a reader that has seen no later wake-up is caught up at `end`.
   */
  headAtWake = -1;

  constructor(public start: string | null) {
    this.index.set(start ?? '', -1);
  }

  get end(): string | null {
    return this.events.length > 0 ? this.events[this.events.length - 1]!.checkpoint : this.start;
  }

  /** Where the events after `after` begin in `events`; undefined when `after` is not a position of the window. */
  offsetAfter(after: string | null): number | undefined {
    const abs = this.index.get(after ?? '');
    return abs === undefined ? undefined : abs - this.first + 1;
  }

  /** Appends `events[from..]`, which follow `end`. */
  push(events: RecordedEvent[], sizes: number[], from: number): void {
    for (let i = from; i < events.length; i++) {
      this.index.set(events[i]!.checkpoint, this.first + this.events.length);
      this.events.push(events[i]!);
      this.sizes.push(sizes[i]!);
      this.bytes += sizes[i]!;
    }
  }

  /** Puts `events[0..count)`, which run from `start` (exclusive) to this window's start, in front of it. */
  prepend(start: string | null, events: RecordedEvent[], sizes: number[], count: number): void {
    this.first -= count;
    for (let i = 0; i < count; i++) {
      this.index.set(events[i]!.checkpoint, this.first + i);
      this.bytes += sizes[i]!;
    }
    this.events.unshift(...events.slice(0, count));
    this.sizes.unshift(...sizes.slice(0, count));
    this.start = start;
    this.index.set(start ?? '', this.first - 1);
  }

  /** Drops the oldest events until both bounds hold (the positions dropped are no longer served). */
  trim(maxEvents: number, maxBytes: number): void {
    let k = 0;
    let bytes = this.bytes;
    while (k < this.events.length && (this.events.length - k > maxEvents || bytes > maxBytes)) bytes -= this.sizes[k++]!;
    if (k === 0) return;
    this.index.delete(this.start ?? '');
    for (let i = 0; i < k - 1; i++) this.index.delete(this.events[i]!.checkpoint);
    this.start = this.events[k - 1]!.checkpoint;
    this.events.splice(0, k);
    this.sizes.splice(0, k);
    this.first += k;
    this.bytes = bytes;
  }
}

export interface PostgresEventStoreOptions {
  /** How often a subscription polls when no notification arrives (the fallback for a lost LISTEN). */
  pollIntervalMs?: number;
  /**
   * Group commit: appends made while `maxInFlight` append transactions are already running wait and go
   * together in the next one (`es_append_many`), up to `maxBatch` appends. An append made when fewer are
   * running starts at once (no added latency when idle). `false`: one transaction per append.
   * Default `{ maxInFlight: 2, maxBatch: 256 }`.
   */
  groupCommit?: false | { maxInFlight: number; maxBatch: number };
  /**
   * The tail window this store's subscriptions share (`TailWindow`): at most `maxEvents` events and `maxBytes`
   * (their `data` and `metadata` JSON text plus ~256 bytes each; the parsed objects take a few times that).
   * `false`: none (subscriptions then share only reads from the same position). Default
   * `{ maxEvents: 20_000, maxBytes: 16 MiB }`.
   */
  tailWindow?: false | { maxEvents: number; maxBytes: number };
  /**
   * Least time between two reads from the tail window's end (see sharedQuery): bounds the reads a busy process
   * makes (each also computes the read horizon) at the cost of at most this much lag. Default 5 ms; 0: none.
   */
  tailReadIntervalMs?: number;
  /**
   * Least time between two NOTIFYs this store sends after its appends (default 5 ms; 0: the next as soon as the
   * last has returned). Every NOTIFY wakes each backend that LISTENs in the database (the other processes' event
   * listeners and the queue's) and the processes that listen for events, whatever the number of appends it
   * announces. The first append after a quiet moment is announced at once; the others within this interval.
   */
  notifyIntervalMs?: number;
}

type AppendMode = 'no_stream' | 'any' | 'exact';

interface PendingAppend {
  streamId: string;
  events: NewEvent[];
  expectedVersion: ExpectedVersion;
  resolve(result: AppendResult): void;
  reject(err: unknown): void;
}

function appendMode(expectedVersion: ExpectedVersion): AppendMode {
  return expectedVersion === 'no_stream' || expectedVersion === 'any' ? expectedVersion : 'exact';
}

function conflictError(streamId: string, expectedVersion: ExpectedVersion, actual: string): WrongExpectedVersionError {
  return new WrongExpectedVersionError(streamId, expectedVersion, actual === 'no_stream' ? 'no_stream' : Number(actual));
}

export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  private readonly notifications = new EventEmitter();
  private listener: pg.Client | null = null;
  private listenerStarting: Promise<void> | null = null;
  private closed = false;
  private readonly pollIntervalMs: number;
  private readonly running = new Set<Subscription>();
  /** The NOTIFY payload of this store's appends: its own LISTEN connection ignores them (it woke locally already). */
  private readonly instanceId = randomUUID();
  private notifyInFlight = false;
  private notifyAgain = false;
  private readonly notifyIntervalMs: number;
  /** The next NOTIFY's timer, while the interval since the last one runs. */
  private notifyTimer: NodeJS.Timeout | null = null;
  /** When the last NOTIFY was sent (performance.now()). */
  private lastNotifyAt = -Infinity;
  private readonly groupCommit: { maxInFlight: number; maxBatch: number } | null;
  private readonly pending: PendingAppend[] = [];
  private appendsInFlight = 0;
  /** Counts wake-ups (appends here, NOTIFYs from elsewhere): a shared read serves only those who saw no later one. */
  private wakeSeq = 0;
  /** Subscription reads in flight, by position. */
  private readonly sharedReads = new Map<string, { wakeSeq: number; result: Promise<ReadAllResult> }>();
  private readonly tailBound: { maxEvents: number; maxBytes: number } | null;
  private window: TailWindow | null = null;
  private pollTick: NodeJS.Timeout | null = null;
  private readonly tailReadIntervalMs: number;
  /** When the last read from the tail window's end started (performance.now()). */
  private lastTailReadAt = -Infinity;
  /** The chase rounds not yet due (see chaseRound). */
  private readonly chaseRounds: { due: number; fired: Promise<void> }[] = [];

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
    options: PostgresEventStoreOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
    this.groupCommit = options.groupCommit === false ? null : (options.groupCommit ?? { maxInFlight: 2, maxBatch: 256 });
    this.tailBound = options.tailWindow === false ? null : (options.tailWindow ?? { maxEvents: 20_000, maxBytes: 16 * 2 ** 20 });
    this.tailReadIntervalMs = options.tailReadIntervalMs ?? 5;
    this.notifyIntervalMs = options.notifyIntervalMs ?? 5;
    this.notifications.setMaxListeners(0);
  }

  /** Creates the tables and the append function (idempotent). */
  static async migrate(pool: pg.Pool): Promise<void> {
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock(727001)');
      await client.query(EVENT_STORE_SCHEMA_SQL);
    } finally {
      await client.query('SELECT pg_advisory_unlock(727001)').catch(() => {});
      client.release();
    }
  }

  append(streamId: string, events: NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('append needs at least one event'));
    const { expectedVersion } = options;
    if (!this.groupCommit) return this.appendOne(streamId, events, expectedVersion);
    return new Promise<AppendResult>((resolve, reject) => {
      this.pending.push({ streamId, events, expectedVersion, resolve, reject });
      if (this.appendsInFlight < this.groupCommit!.maxInFlight) this.flushAppends();
    });
  }

  /** Starts one append transaction with the appends waiting (up to maxBatch); the next starts when one ends. */
  private flushAppends(): void {
    const batch = this.pending.splice(0, this.groupCommit!.maxBatch);
    if (batch.length === 0) return;
    this.appendsInFlight++;
    const only = batch.length === 1 ? batch[0]! : null;
    const run: Promise<() => void> = only
      ? this.appendOne(only.streamId, only.events, only.expectedVersion).then(
          (result) => () => only.resolve(result),
          (err: unknown) => () => only.reject(err),
        )
      : this.appendMany(batch);
    // The slot is free before the callers hear back, so an append made right after an await starts at once.
    void run.then((settle) => {
      this.appendsInFlight--;
      if (this.pending.length > 0) this.flushAppends();
      settle();
    });
  }

  /** One append, one transaction (es_append). */
  private async appendOne(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    try {
      const { rows } = await this.pool.query<{ next_version: string; last_tx: string; last_position: string }>(
        'SELECT * FROM es_append($1, $2, $3, $4::uuid[], $5::text[], $6::int[], $7::jsonb[], $8::jsonb[])',
        [
          streamId,
          appendMode(expectedVersion),
          typeof expectedVersion === 'number' ? expectedVersion : null,
          events.map((e) => e.id),
          events.map((e) => e.type),
          events.map((e) => e.schemaVersion),
          events.map((e) => JSON.stringify(e.data)),
          events.map((e) => JSON.stringify(e.metadata)),
        ],
      );
      const row = rows[0]!;
      this.announceAppend();
      return { nextExpectedVersion: Number(row.next_version), checkpoint: encodeCheckpoint(row.last_tx, row.last_position) };
    } catch (err) {
      if (err instanceof pg.DatabaseError && err.code === 'ES409') {
        throw conflictError(streamId, expectedVersion, err.detail ?? 'no_stream');
      }
      if (err instanceof pg.DatabaseError && err.code === '23505' && err.constraint === 'es_events_stream_id_stream_version_key') {
        throw new WrongExpectedVersionError(streamId, expectedVersion, 'no_stream');
      }
      throw err;
    }
  }

  /**
   * Several appends in one transaction (es_append_many): each settles with its own result or conflict. If
   * the transaction fails as a whole (a duplicate event id, a lost connection...), each append is retried
   * on its own, so an error reaches only the append that causes it.
   */
  private async appendMany(batch: PendingAppend[]): Promise<() => void> {
    // Stable sort by stream id: every batch locks es_streams rows in the same order (no deadlocks); appends
    // to one stream keep their order.
    const items = [...batch].sort((a, b) => (a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : 0));
    let rows: { item: number; next_version: string | null; conflict: string | null; last_tx: string; last_position: string | null }[];
    try {
      const events = items.flatMap((p) => p.events);
      ({ rows } = await this.pool.query(
        'SELECT * FROM es_append_many($1::text[], $2::text[], $3::bigint[], $4::int[], $5::uuid[], $6::text[], $7::int[], $8::jsonb[], $9::jsonb[])',
        [
          items.map((p) => p.streamId),
          items.map((p) => appendMode(p.expectedVersion)),
          items.map((p) => (typeof p.expectedVersion === 'number' ? p.expectedVersion : null)),
          items.map((p) => p.events.length),
          events.map((e) => e.id),
          events.map((e) => e.type),
          events.map((e) => e.schemaVersion),
          events.map((e) => JSON.stringify(e.data)),
          events.map((e) => JSON.stringify(e.metadata)),
        ],
      ));
    } catch {
      const outcomes = await Promise.allSettled(items.map((p) => this.appendOne(p.streamId, p.events, p.expectedVersion)));
      return () => outcomes.forEach((o, i) => (o.status === 'fulfilled' ? items[i]!.resolve(o.value) : items[i]!.reject(o.reason)));
    }
    if (rows.some((row) => row.conflict === null)) this.announceAppend();
    return () => {
      for (const row of rows) {
        const p = items[row.item - 1]!;
        if (row.conflict !== null) p.reject(conflictError(p.streamId, p.expectedVersion, row.conflict));
        else p.resolve({ nextExpectedVersion: Number(row.next_version), checkpoint: encodeCheckpoint(row.last_tx, row.last_position!) });
      }
    };
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>({
      text: `SELECT ${SELECT_COLUMNS} FROM es_events WHERE stream_id = $1 ORDER BY stream_version`,
      values: [streamId],
      types: JSONB_AS_TEXT,
    });
    return rows.map(toRecorded);
  }

  async readAll(options: { after: string | null; limit: number }): Promise<ReadAllResult> {
    return (await this.readSized(options.after, options.limit)).result;
  }

  /** readAll, with each event's size as the tail window counts it. */
  private async readSized(after: string | null, limit: number): Promise<{ result: ReadAllResult; sizes: number[] }> {
    const [tx, pos] = decodeCheckpoint(after);
    const { rows } = await this.pool.query<EventRow>({
      text: `SELECT ${SELECT_COLUMNS} FROM es_events
       WHERE (es_events.transaction_id, es_events.global_position) > ($1::xid8, $2::bigint)
         AND es_events.transaction_id < (SELECT es_read_horizon())  -- an InitPlan: evaluated once
       -- qualified: the bare name would sort by the ::text output column ("1000" before "999")
       ORDER BY es_events.transaction_id, es_events.global_position
       LIMIT $3`,
      values: [tx, pos, limit],
      types: JSONB_AS_TEXT,
    });
    const sizes = rows.map((row) => EVENT_BASE_BYTES + row.data.length + row.metadata.length);
    const events = rows.map(toRecorded);
    return {
      result: { events, checkpoint: events.length > 0 ? events[events.length - 1]!.checkpoint : after, isEnd: events.length < limit },
      sizes,
    };
  }

  /**
   * A bulk read for rebuilds: every event visible when it starts (below that moment's read horizon, as readAll
   * reads: the set cannot change while it runs), after `options.after`, in global order, as pages of `limit` positions.
   * Each page's end is found first in the order index alone (`OFFSET limit - 1`, cheap), so the next pages
   * are read at the same time as this one, by `concurrency` queries on separate connections; pages are yielded
   * in order. A page's checkpoint is its end (past skipped types too); `isEnd` marks the last page. Events
   * committed after the start are left to a `readAll` from the last checkpoint.
   */
  async *readAllBulk(options: BulkReadOptions): AsyncGenerator<ReadAllResult> {
    const concurrency = Math.max(1, options.concurrency ?? 2);
    const types = options.types ? [...options.types] : null;
    const { rows } = await this.pool.query<{ horizon: string }>('SELECT es_read_horizon()::text AS horizon');
    const horizon = rows[0]!.horizon;
    let lo = options.after;
    let finished = false;
    /** The checkpoint `limit` events after `from` (null when fewer remain): the end of the page that starts after `from`. */
    const pageEnd = async (from: string | null) => {
      const { rows } = await this.pool.query<{ tx: string; pos: string }>(
        `SELECT transaction_id::text AS tx, global_position::text AS pos FROM es_events
         WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint) AND transaction_id < $3::xid8
         ORDER BY transaction_id, global_position OFFSET $4 LIMIT 1`,
        [...decodeCheckpoint(from), horizon, options.limit - 1],
      );
      return rows[0] ? encodeCheckpoint(rows[0].tx, rows[0].pos) : null;
    };
    const readPage = async (from: string | null, to: string | null): Promise<ReadAllResult> => {
      const params: unknown[] = [...decodeCheckpoint(from), horizon, options.limit];
      const upTo = to
        ? `AND (transaction_id, global_position) <= ($${params.push(...decodeCheckpoint(to)) - 1}::xid8, $${params.length}::bigint)
           AND transaction_id <= $${params.length - 1}::xid8`
        : '';
      const typed = types ? `AND type = ANY($${params.push(types)}::text[])` : '';
      const { rows } = await this.pool.query<RawEventRow>({
        text: `SELECT ${options.metadata === false ? SELECT_COLUMNS_NO_METADATA : SELECT_COLUMNS} FROM es_events
         WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint) AND transaction_id < $3::xid8 ${upTo} ${typed}
         -- qualified: the bare name would sort by the ::text output column ("1000" before "999")
         ORDER BY es_events.transaction_id, es_events.global_position
         -- never more rows (a page ends limit positions on): makes the planner walk the order index
         LIMIT $4`,
        values: params,
        rowMode: 'array',
        types: rawTypes,
      });
      const events: RecordedEvent[] = rows.map((row) => new BulkRecordedEvent(row));
      return { events, checkpoint: to ?? (events.length > 0 ? events[events.length - 1]!.checkpoint : from), isEnd: to === null };
    };
    const inFlight: Promise<ReadAllResult>[] = [];
    const fill = async () => {
      while (!finished && inFlight.length < concurrency) {
        const from = lo;
        const to = await pageEnd(from);
        if (to) lo = to;
        else finished = true;
        const page = readPage(from, to);
        page.catch(() => {}); // awaited in order below; this only keeps a rejection from being "unhandled" meanwhile
        inFlight.push(page);
      }
    };
    await fill();
    while (inFlight.length > 0) {
      const page = await inFlight.shift()!;
      await fill();
      yield page;
    }
  }

  async headCheckpoint(): Promise<string | null> {
    const { rows } = await this.pool.query<{ tx: string; pos: string }>(
      `SELECT transaction_id::text AS tx, global_position AS pos FROM es_events
       WHERE transaction_id < (SELECT es_read_horizon())
       ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
    );
    return rows[0] ? encodeCheckpoint(rows[0].tx, rows[0].pos) : null;
  }

  compareCheckpoints(a: string, b: string): number {
    const [ta, pa] = decodeCheckpoint(a).map(BigInt) as [bigint, bigint];
    const [tb, pb] = decodeCheckpoint(b).map(BigInt) as [bigint, bigint];
    if (ta !== tb) return ta < tb ? -1 : 1;
    return pa === pb ? 0 : pa < pb ? -1 : 1;
  }

  subscribe(options: SubscribeOptions): Subscription {
    const batchSize = options.batchSize ?? 500;
    const controller = new AbortController();
    const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
    let wake: (() => void) | null = null;
    let notified = false;
    const onNotify = () => {
      notified = true;
      wake?.();
    };
    // The store's poll tick (see startPollTick) ends a subscription's wait for its poll, not a chase's.
    let polling = false;
    let polled = false;
    const onPoll = () => {
      if (!polling) return;
      polled = true;
      wake?.();
    };
    this.notifications.on('notify', onNotify);
    this.notifications.on('poll', onPoll);
    this.startPollTick();
    signal.addEventListener('abort', () => wake?.(), { once: true });

    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wake = null;
          resolve();
        }
        wake = done;
      });
    /** Until `round` fires, or a notification or the stop comes first. */
    const sleepUntil = (round: Promise<void>) =>
      new Promise<void>((resolve) => {
        function done() {
          if (wake !== done) return;
          wake = null;
          resolve();
        }
        wake = done;
        void round.then(done);
      });

    const loop = async () => {
      let after = options.after;
      // A notification can arrive before its event is readable (an older transaction still runs):
      // then re-read with a growing back-off ("chase") before falling back to the poll interval.
      let chase = 0;
      await this.ensureListener().catch(() => {
        /* polling still works without LISTEN */
      });
      while (!signal.aborted) {
        notified = false;
        const { events, checkpoint, isEnd } = await this.sharedReadAll(after, batchSize, this.wakeSeq);
        if (events.length > 0) {
          await options.onBatch(events, { caughtUp: isEnd }); // its own array (sharedReadAll)
          after = checkpoint;
          chase = 0;
          if (!isEnd || notified) continue;
        } else if (notified || chase > 0) {
          if (chase < 200) {
            chase = Math.max(2, chase * 2);
            await sleepUntil(this.chaseRound(chase));
            continue;
          }
          chase = 0;
        }
        if (signal.aborted || notified) continue;
        // Polled by the store's tick, which asked for a read from the database once for all its subscriptions
        // (they then share it); on its own only if no tick came (a margin of one interval).
        polling = true;
        polled = false;
        await sleep(2 * this.pollIntervalMs);
        polling = false;
        // Ended by its timer with no tick: read the database. (A wake-up that ended it counted itself already: one
        // more count here made the next subscriber woken with it miss the read this one starts, and read again.)
        if (!polled && !notified) this.expectUnannounced();
      }
    };

    const done = loop().finally(() => {
      this.notifications.off('notify', onNotify);
      this.notifications.off('poll', onPoll);
      this.running.delete(subscription);
    });
    const subscription: Subscription = {
      done,
      stop: async () => {
        controller.abort();
        await done.catch(() => {});
      },
    };
    this.running.add(subscription);
    return subscription;
  }

  /**
   * One poll for all of this store's subscriptions: every `pollIntervalMs` the next read goes to the database
   * (a wake-up nobody announced) and the subscriptions waiting for their poll read, sharing that read. Polling
   * each on its own clock cost a read per subscription per interval (48 a second idle with 24 of them).
   */
  private startPollTick(): void {
    if (this.pollTick || this.closed) return;
    this.pollTick = setInterval(() => {
      if (this.running.size === 0) return;
      this.expectUnannounced();
      this.notifications.emit('poll');
    }, this.pollIntervalMs);
    this.pollTick.unref();
  }

  /**
   * A chase's wait of about `ms`, shared: the subscriptions that found nothing after one wake-up (its event still
   * held back by the read horizon) chase together, so each joins a round already due within its wait. When the
   * round is due it counts one unannounced wake-up (see expectUnannounced) for all of them, and they share the read
   * that follows. Each on its own timer counted one each, a moment apart, and every count after the first made the
   * next subscription's read its own (spaced by tailReadIntervalMs), one more read per subscription and round.
   */
  private chaseRound(ms: number): Promise<void> {
    const due = performance.now() + ms;
    const pending = this.chaseRounds.find((round) => round.due <= due);
    if (pending) return pending.fired;
    let fire!: () => void;
    const round = { due, fired: new Promise<void>((resolve) => (fire = resolve)) };
    this.chaseRounds.push(round);
    setTimeout(() => {
      this.chaseRounds.splice(this.chaseRounds.indexOf(round), 1);
      this.expectUnannounced();
      fire();
    }, ms).unref();
    return round.fired;
  }

  private wake(): void {
    this.wakeSeq++;
    this.notifications.emit('notify');
  }

  /**
   * Before a re-read that no wake-up asked for (a chase, a poll): events can become readable without one (a
   * read's horizon held back by a transaction that turned out not to be an append; a lost NOTIFY), so the head
   * that earlier reads found (the tail window's) is no longer taken for granted: the next read goes to the
   * database.
   */
  private expectUnannounced(): void {
    this.wakeSeq++;
  }

  /**
   * readAll for subscriptions. Events come from the tail window when the reader's position is in it (no query),
   * else from the database: one read per position at a time, shared by every subscription of this store
   * positioned there, as long as it started after the last wake-up the reader knows of (`seenWakeSeq`), so no one
   * gets a result older than an event it was told about. A read from the window's end extends the window. The
   * result claims `isEnd` only when a read that started after that wake-up found no more (the window's end, or
   * a read's). Each caller gets its own array; the events are shared objects (nobody mutates them).
   */
  private async sharedReadAll(after: string | null, limit: number, seenWakeSeq: number): Promise<ReadAllResult> {
    const events: RecordedEvent[] = [];
    let at = after;
    for (;;) {
      const window = this.window;
      const from = window?.offsetAfter(at);
      if (window && from !== undefined) {
        const end = Math.min(window.events.length, from + limit - events.length);
        for (let i = from; i < end; i++) events.push(window.events[i]!);
        if (end > from) at = window.events[end - 1]!.checkpoint;
        if (events.length === limit) return { events, checkpoint: at, isEnd: false };
        if (window.headAtWake >= seenWakeSeq) return { events, checkpoint: at, isEnd: true };
      }
      const read = await this.sharedQuery(at, limit, seenWakeSeq);
      // Folded into the window (which now holds at least all of it): served from there on the next turn.
      if (this.window?.offsetAfter(at) !== undefined && this.window.offsetAfter(read.checkpoint) !== undefined) continue;
      const end = Math.min(read.events.length, limit - events.length);
      for (let i = 0; i < end; i++) events.push(read.events[i]!);
      if (end > 0) at = read.events[end - 1]!.checkpoint;
      if (events.length === limit) return { events, checkpoint: at, isEnd: false };
      if (read.isEnd) return { events, checkpoint: at, isEnd: true };
      // A full read of a smaller limit (another subscription's): read on.
    }
  }

  /**
   * One database read from `after` for subscriptions, shared (see sharedReadAll), folded into the tail window.
   * A read from the window's end (the live tail) starts at most once per `tailReadIntervalMs`: one wanted sooner
   * waits until then, and every subscription wanting one meanwhile shares it (until it starts it serves any
   * wake-up, since it starts after them all). Under load each wake-up would otherwise cost a read per process.
   */
  private sharedQuery(after: string | null, limit: number, seenWakeSeq: number): Promise<ReadAllResult> {
    const key = after ?? '';
    const inFlight = this.sharedReads.get(key);
    if (inFlight && inFlight.wakeSeq >= seenWakeSeq) return inFlight.result;
    const tail = this.window !== null && after === this.window.end;
    const delayMs = tail ? this.lastTailReadAt + this.tailReadIntervalMs - performance.now() : 0;
    const entry = { wakeSeq: delayMs > 0 ? Infinity : this.wakeSeq, result: null as unknown as Promise<ReadAllResult> };
    const read = () => {
      const wakeSeq = (entry.wakeSeq = this.wakeSeq);
      if (tail) this.lastTailReadAt = performance.now();
      return this.readSized(after, limit).then(({ result, sizes }) => {
        if (this.tailBound && !this.closed) this.absorb(after, result, sizes, wakeSeq);
        return result;
      });
    };
    const result = (entry.result = delayMs > 0 ? new Promise<void>((resolve) => setTimeout(resolve, delayMs)).then(read) : read());
    this.sharedReads.set(key, entry);
    const forget = () => {
      if (this.sharedReads.get(key) === entry) this.sharedReads.delete(key);
    };
    result.then(forget, forget);
    return result;
  }

  /**
   * Folds a read from `after` (started at wake-up count `wakeSeq`) into the tail window. From a position of the
   * window: its events past the end extend it. From behind it: joined in front when it reaches into the window
   * and both fit the bounds, or replacing it when it covers it; otherwise the window is left as it is (it serves
   * those ahead). From beyond its end: a new window.
   */
  private absorb(after: string | null, read: ReadAllResult, sizes: number[], wakeSeq: number): void {
    const { maxEvents, maxBytes } = this.tailBound!;
    const window = this.window;
    const replace = () => {
      const fresh = new TailWindow(after);
      fresh.push(read.events, sizes, 0);
      fresh.headAtWake = read.isEnd ? wakeSeq : -1;
      fresh.trim(maxEvents, maxBytes);
      this.window = fresh;
    };
    if (!window) return replace();
    const from = window.offsetAfter(after);
    if (from !== undefined) {
      const known = window.events.length - from;
      if (read.events.length > known) {
        window.push(read.events, sizes, known);
        window.headAtWake = read.isEnd ? wakeSeq : -1;
        window.trim(maxEvents, maxBytes);
      } else if (read.events.length === known && read.isEnd) {
        window.headAtWake = Math.max(window.headAtWake, wakeSeq);
      }
      return;
    }
    const behind = window.start !== null && (after === null || this.compareCheckpoints(after, window.start) < 0);
    if (!behind) {
      if (this.compareCheckpoints(after!, window.end!) > 0) replace();
      return;
    }
    if (read.events.length === 0) return;
    if (window.offsetAfter(read.checkpoint) !== undefined) {
      const count = read.events.findIndex((e) => e.checkpoint === window.start) + 1;
      let bytes = 0;
      for (let i = 0; i < count; i++) bytes += sizes[i]!;
      if (count > 0 && window.events.length + count <= maxEvents && window.bytes + bytes <= maxBytes) window.prepend(after, read.events, sizes, count);
    } else if (this.compareCheckpoints(read.checkpoint!, window.end!) > 0) {
      replace();
    }
  }

  /** The tail window's size (tests, diagnostics): null when there is none. */
  tailWindowSize(): { events: number; bytes: number } | null {
    return this.window ? { events: this.window.events.length, bytes: this.window.bytes } : null;
  }

  /**
   * After a committed append: wakes this process's subscriptions at once, and other processes' through one NOTIFY
   * at a time, at most one per `notifyIntervalMs` (appends made meanwhile share the next). A lost NOTIFY only
   * costs latency: subscribers also poll.
   */
  private announceAppend(): void {
    this.wake();
    this.scheduleNotify();
  }

  private scheduleNotify(): void {
    if (this.notifyInFlight || this.notifyTimer) {
      this.notifyAgain = true;
      return;
    }
    const wait = this.lastNotifyAt + this.notifyIntervalMs - performance.now();
    if (wait > 0) {
      this.notifyTimer = setTimeout(() => {
        this.notifyTimer = null;
        this.sendNotify();
      }, wait);
      return;
    }
    this.sendNotify();
  }

  private sendNotify(): void {
    this.notifyAgain = false;
    if (this.closed) return;
    this.notifyInFlight = true;
    this.lastNotifyAt = performance.now();
    this.pool
      .query(`SELECT pg_notify('es_events', $1)`, [this.instanceId])
      .catch(() => {})
      .finally(() => {
        this.notifyInFlight = false;
        if (this.notifyAgain && !this.closed) this.scheduleNotify();
      });
  }

  private ensureListener(): Promise<void> {
    if (this.listener || this.closed) return Promise.resolve();
    this.listenerStarting ??= (async () => {
      const client = new pg.Client({ connectionString: this.connectionString });
      client.on('notification', (msg) => {
        if (msg.payload !== this.instanceId) this.wake();
      });
      client.on('error', () => {
        // Drop it; the next subscription loop iteration reconnects, polling covers the gap.
        this.listener = null;
        client.end().catch(() => {});
      });
      await client.connect();
      await client.query('LISTEN es_events');
      this.listener = client;
    })().finally(() => {
      this.listenerStarting = null;
    });
    return this.listenerStarting;
  }

  /** Stops every running subscription (their batch in flight finishes), then the LISTEN connection. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    this.notifyTimer = null;
    if (this.pollTick) clearInterval(this.pollTick);
    this.pollTick = null;
    await Promise.all([...this.running].map((s) => s.stop()));
    this.window = null;
    await this.listenerStarting?.catch(() => {});
    await this.listener?.end().catch(() => {});
    this.listener = null;
  }
}
