/**
 * EventStoreDB adapter of the event store port (selected when EVENTSTORE_URL is set, see create-event-store.ts).
 *
 * Mapping:
 * - event id / type / data are ours; the ESDB metadata is `{ ...metadata, schemaVersion }`.
 * - streamVersion = ESDB stream revision; timestamp = ESDB `created`.
 * - checkpoint = "<commit>/<prepare>" of the event's position in $all.
 * - System events ($-prefixed types: $metadata, $>, $stats-*, ...) are never returned.
 *
 * Written against @eventstore/db-client 6.2.x (`expectedRevision`, not the newer `streamState`).
 */
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type JSONType,
  type Position,
  type ReadPosition,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type ReadAllResult,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
  WrongExpectedVersionError,
} from '@crm/contracts';

/** Checkpoint format: "<commit position>/<prepare position>" of the event in $all. */
export function encodeEsdbCheckpoint(position: Position): string {
  return `${position.commit}/${position.prepare}`;
}

function decodeEsdbCheckpoint(checkpoint: string): Position {
  const m = /^(\d+)\/(\d+)$/.exec(checkpoint);
  if (!m) throw new Error(`Invalid EventStoreDB checkpoint: ${checkpoint}`);
  return { commit: BigInt(m[1]!), prepare: BigInt(m[2]!) };
}

function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

const isSystemType = (type: string) => type.startsWith('$');

type EsdbRecorded = NonNullable<ResolvedEvent['event']>;

interface Positioned {
  position: Position;
  event: RecordedEvent;
}

function toRecorded(raw: EsdbRecorded, position: Position): RecordedEvent {
  const rawMetadata =
    raw.metadata && typeof raw.metadata === 'object' && !(raw.metadata instanceof Uint8Array) && !Array.isArray(raw.metadata)
      ? (raw.metadata as Record<string, unknown>)
      : {};
  const { schemaVersion, ...metadata } = rawMetadata;
  const data = raw.data instanceof Uint8Array ? Buffer.from(raw.data).toString('utf8') : raw.data;
  return {
    id: raw.id,
    type: raw.type,
    schemaVersion: typeof schemaVersion === 'number' ? schemaVersion : 1,
    data,
    metadata: metadata as EventMetadata,
    streamId: raw.streamId,
    streamVersion: Number(raw.revision),
    checkpoint: encodeEsdbCheckpoint(position),
    timestamp: raw.created,
  };
}

/** A non-system event of $all with its position, or null (system event, unresolved link, no position). */
function fromAll(resolved: AllStreamResolvedEvent): Positioned | null {
  const raw = resolved.event;
  if (!raw || isSystemType(raw.type) || !raw.position) return null;
  return { position: raw.position, event: toRecorded(raw, raw.position) };
}

function toExpectedRevision(expected: ExpectedVersion): AppendExpectedRevision {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'any') return ANY;
  if (!Number.isInteger(expected) || expected < 0) throw new Error(`Invalid expected version: ${expected}`);
  return BigInt(expected);
}

function isStreamNotFound(err: unknown): boolean {
  return err instanceof StreamNotFoundError || (err as { type?: unknown } | null)?.type === 'stream-not-found';
}

export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;

  private constructor(private readonly client: EventStoreDBClient) {}

  /**
   * Connects with an ESDB connection string (e.g. `esdb://localhost:2113?tls=false`) and checks that the
   * server answers, so a wrong URL fails at start-up rather than on the first request.
   */
  static async connect(connectionString: string): Promise<EventStoreDbEventStore> {
    const client = EventStoreDBClient.connectionString(connectionString);
    try {
      const probe = client.readAll({ maxCount: 1, direction: BACKWARDS, fromPosition: END, deadline: 10_000 });
      for await (const _ of probe) {
        /* drain */
      }
    } catch (err) {
      await client.dispose().catch(() => {});
      throw new Error(`EventStoreDB at ${redact(connectionString)} is not reachable: ${(err as Error).message}`, {
        cause: err,
      });
    }
    return new EventStoreDbEventStore(client);
  }

  async append(streamId: string, events: NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const { expectedVersion } = options;
    const payload = events.map((e) =>
      jsonEvent({
        id: e.id,
        type: e.type,
        // ESDB JSON events carry any JSON value; the client's type only admits objects, arrays and strings.
        data: e.data as JSONType,
        metadata: { ...e.metadata, schemaVersion: e.schemaVersion },
      }),
    );
    let result;
    try {
      result = await this.client.appendToStream(streamId, payload, { expectedRevision: toExpectedRevision(expectedVersion) });
    } catch (err) {
      if (err instanceof EsdbWrongExpectedVersionError) {
        const actual = err.actualVersion;
        throw new WrongExpectedVersionError(
          streamId,
          expectedVersion,
          actual === NO_STREAM || actual < 0n ? 'no_stream' : Number(actual),
        );
      }
      throw err;
    }
    const nextExpectedVersion = Number(result.nextExpectedRevision);
    // The append result's position is the write's log position, which for a multi-event write is not
    // necessarily the position of its last event in $all: read that event back for an exact checkpoint.
    const last = await this.readStreamEvent(streamId, result.nextExpectedRevision);
    const position = last?.position ?? result.position;
    if (!position) throw new Error(`EventStoreDB returned no position for the append to ${streamId}`);
    return { nextExpectedVersion, checkpoint: encodeEsdbCheckpoint(position) };
  }

  private async readStreamEvent(streamId: string, revision: bigint): Promise<EsdbRecorded | null> {
    try {
      for await (const resolved of this.client.readStream(streamId, {
        fromRevision: revision,
        direction: FORWARDS,
        maxCount: 1,
      })) {
        if (resolved.event) return resolved.event;
      }
    } catch (err) {
      if (isStreamNotFound(err)) return null;
      throw err;
    }
    return null;
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, { fromRevision: START, direction: FORWARDS })) {
        const raw = resolved.event;
        if (!raw) continue;
        const position = raw.position ?? { commit: resolved.commitPosition ?? 0n, prepare: resolved.commitPosition ?? 0n };
        out.push(toRecorded(raw, position));
      }
    } catch (err) {
      if (isStreamNotFound(err)) return [];
      throw err;
    }
    return out;
  }

  async readAll(options: { after: string | null; limit: number }): Promise<ReadAllResult> {
    const { limit } = options;
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`readAll limit must be a positive integer, got ${limit}`);
    const afterPosition = options.after === null ? null : decodeEsdbCheckpoint(options.after);
    const events: RecordedEvent[] = [];
    // Reading $all forwards from a position includes the event at that position, and system events
    // are filtered here (readAll has no server-side filter in this client): page until `limit` events
    // are collected or the end of $all is reached. Everything at or before `cursor` is skipped.
    let cursor: Position | null = afterPosition;
    const pageSize = Math.max(limit + 1, 64);
    for (;;) {
      const from: ReadPosition = cursor ?? START;
      let read = 0;
      for await (const resolved of this.client.readAll({ fromPosition: from, direction: FORWARDS, maxCount: pageSize })) {
        read++;
        const position = resolved.event?.position;
        if (!position || (cursor && comparePositions(position, cursor) <= 0)) continue;
        if (events.length >= limit) continue; // drain the rest of the page; it is read again next time
        cursor = position;
        const item = fromAll(resolved);
        if (item) events.push(item.event);
      }
      if (events.length >= limit || read < pageSize) break;
    }
    return {
      events,
      checkpoint: events.length > 0 ? events[events.length - 1]!.checkpoint : options.after,
      isEnd: events.length < limit,
    };
  }

  async headCheckpoint(): Promise<string | null> {
    let cursor: ReadPosition = END;
    let lastSeen: Position | null = null;
    const pageSize = 64;
    for (;;) {
      let read = 0;
      const page = this.client.readAll({ fromPosition: cursor, direction: BACKWARDS, maxCount: pageSize });
      for await (const resolved of page) {
        read++;
        const position: Position | undefined = resolved.event?.position;
        if (!position || (lastSeen && comparePositions(position, lastSeen) >= 0)) continue;
        lastSeen = position;
        const item = fromAll(resolved);
        if (item) return item.event.checkpoint;
      }
      if (read < pageSize || !lastSeen) return null;
      cursor = lastSeen;
    }
  }

  compareCheckpoints(a: string, b: string): number {
    return comparePositions(decodeEsdbCheckpoint(a), decodeEsdbCheckpoint(b));
  }

  subscribe(options: SubscribeOptions): Subscription {
    const batchSize = Math.max(1, options.batchSize ?? 500);
    const highWater = batchSize * 2;
    let stopped = false;
    let wake: (() => void) | null = null;
    const notify = () => {
      const w = wake;
      wake = null;
      w?.();
    };
    const onAbort = () => {
      stopped = true;
      notify();
    };
    if (options.signal?.aborted) stopped = true;
    options.signal?.addEventListener('abort', onAbort, { once: true });

    const loop = async () => {
      if (stopped) return;
      // Events at or before this position are "catch-up"; a batch reaching it is reported as caught up
      // even before the server sends its caught-up signal.
      const headAtStart = await this.headCheckpoint();
      if (stopped) return;
      const head = headAtStart === null ? null : decodeEsdbCheckpoint(headAtStart);
      let lastReceived: Position | null = options.after === null ? null : decodeEsdbCheckpoint(options.after);
      const buffer: Positioned[] = [];
      let live = false;
      let failure: unknown = null;
      let ended = false;

      const sub = this.client.subscribeToAll({
        fromPosition: lastReceived ?? START,
        resolveLinkTos: false,
        filter: excludeSystemEvents(),
      });
      sub.on('data', (resolved: AllStreamResolvedEvent) => {
        if (stopped) return;
        const item = fromAll(resolved);
        // The subscription starts after `fromPosition`; the comparison also guards against replays.
        if (!item || (lastReceived && comparePositions(item.position, lastReceived) <= 0)) return;
        lastReceived = item.position;
        buffer.push(item);
        if (buffer.length >= highWater) sub.pause();
        notify();
      });
      sub.on('caughtUp', () => {
        live = true;
        notify();
      });
      sub.on('fellBehind', () => {
        live = false;
      });
      sub.on('error', (err: unknown) => {
        failure ??= err;
        notify();
      });
      sub.on('end', () => {
        ended = true;
        notify();
      });

      try {
        while (!stopped) {
          if (failure) throw failure;
          if (buffer.length === 0) {
            if (ended) throw new Error('EventStoreDB subscription ended unexpectedly');
            await new Promise<void>((resolve) => {
              wake = resolve;
            });
            continue;
          }
          const batch = buffer.splice(0, batchSize);
          if (sub.isPaused() && buffer.length < highWater) sub.resume();
          const lastPosition = batch[batch.length - 1]!.position;
          const nothingPending = buffer.length === 0 && sub.readableLength === 0;
          const caughtUp = nothingPending && (live || head === null || comparePositions(lastPosition, head) >= 0);
          await options.onBatch(
            batch.map((b) => b.event),
            { caughtUp },
          );
        }
      } finally {
        await sub.unsubscribe().catch(() => {});
      }
    };

    const done = loop().finally(() => options.signal?.removeEventListener('abort', onAbort));
    return {
      done,
      stop: async () => {
        stopped = true;
        notify();
        await done.catch(() => {});
      },
    };
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}

function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}
