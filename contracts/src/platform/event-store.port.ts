import { z } from 'zod';

/** Who did it and why: carried by every event, set at the edge (HTTP handler, worker, CLI). */
export const eventMetadataSchema = z.looseObject({
  userId: z.string().nullable().optional(),
  ip: z.string().nullable().optional(),
  userAgent: z.string().nullable().optional(),
  correlationId: z.string(),
  /** The caller's session, by its public handle (the login id), when the call came with one. */
  sessionId: z.string().nullable().optional(),
  /** The API key a REST call authenticated with (its id; the actor is the key's creator). */
  apiKeyId: z.string().nullable().optional(),
  causationId: z.string().nullable().optional(),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

/** An event about to be appended. `id` is a UUID chosen by the writer (idempotent retries). */
export interface NewEvent<TType extends string = string, TData = unknown> {
  id: string;
  type: TType;
  schemaVersion: number;
  data: TData;
  metadata: EventMetadata;
}

/**
 * An event as stored. `checkpoint` is an opaque, adapter-specific position of this event in the
 * global order ("$all"): pass it back to `readAll` / `subscribe` to continue after it.
 */
export interface RecordedEvent<TType extends string = string, TData = unknown> extends NewEvent<TType, TData> {
  streamId: string;
  /** 0-based revision of the event in its stream. */
  streamVersion: number;
  checkpoint: string;
  timestamp: Date;
}

/** `no_stream`: the stream must not exist. `any`: no check. A number: the stream's last revision must equal it. */
export type ExpectedVersion = 'no_stream' | 'any' | number;

export interface AppendResult {
  /** Revision of the last appended event (pass it as the next expected version). */
  nextExpectedVersion: number;
  /** Checkpoint of the last appended event. */
  checkpoint: string;
}

export interface ReadAllResult {
  events: RecordedEvent[];
  /** Checkpoint after the last returned event, or the `after` given when nothing was returned. */
  checkpoint: string | null;
  /** True when the read returned fewer than `limit` events (the reader has caught up for now). */
  isEnd: boolean;
}

export interface SubscribeOptions {
  /** Start after this checkpoint; `null` means from the very beginning. */
  after: string | null;
  /** Maximum events per delivered batch. */
  batchSize?: number;
  /**
   * Called with each batch, in global order, one batch at a time. The subscription waits for the
   * returned promise before delivering more. A rejection stops the subscription (see `done`).
   */
  onBatch: (events: RecordedEvent[], info: { caughtUp: boolean }) => Promise<void>;
  signal?: AbortSignal;
}

export interface Subscription {
  /** Stops delivering; resolves once the batch in flight (if any) has finished. */
  stop(): Promise<void>;
  /** Settles when the subscription ends: resolves on stop/abort, rejects when a handler or the store failed. */
  done: Promise<void>;
}

export interface EventStore {
  readonly kind: 'postgres' | 'eventstoredb';
  append(streamId: string, events: NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult>;
  /** All events of one stream in revision order; an empty array when the stream does not exist. */
  readStream(streamId: string): Promise<RecordedEvent[]>;
  /** A batch of events from the global order, strictly after `after`. */
  readAll(options: { after: string | null; limit: number }): Promise<ReadAllResult>;
  /** Catch-up (batched reads) then live delivery. Never skips or repeats a committed event. */
  subscribe(options: SubscribeOptions): Subscription;
  /** The checkpoint of the newest event visible to readers right now (null when the store is empty). */
  headCheckpoint(): Promise<string | null>;
  /** Orders two checkpoints of this store: negative when `a` is before `b`, 0 when equal, positive after. */
  compareCheckpoints(a: string, b: string): number;
  close(): Promise<void>;
}

export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected version ${String(expected)}, actual ${String(actual)}`);
  }
}
