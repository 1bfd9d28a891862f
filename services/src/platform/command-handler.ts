import { randomUUID } from 'node:crypto';
import { WrongExpectedVersionError, validateEventData, type EventStore, type RecordedEvent } from '@crm/contracts';
import type { CommandContext, Decider } from './decider.ts';

/** A decider's state after the recorded events of its stream. */
export function foldHistory<S, C, E>(decider: Decider<S, C, E>, history: readonly RecordedEvent[]): S {
  return history.reduce((s, r) => decider.evolve(s, { type: r.type, data: r.data } as E), decider.initialState);
}

/** Reads a stream and folds it with the decider (for reads that decide nothing). */
export async function readState<S, C, E>(store: EventStore, streamId: string, decider: Decider<S, C, E>): Promise<S> {
  return foldHistory(decider, await store.readStream(streamId));
}

export interface CommandResult<E> {
  events: E[];
  /** Checkpoint of the last appended event; null when the command decided nothing. */
  checkpoint: string | null;
  /** The stream as it was read before the command (for callers that need it, e.g. idempotent replays). */
  history: RecordedEvent[];
}

/**
 * A command made from the stream's state as just read: a fact the service gathers depends on it (the e-mail a
 * restored customer had, say). Made again on the fresh state when a concurrent append makes the command retry.
 */
export type CommandFromState<S, C> = (state: S) => C | Promise<C>;

/**
 * Load → decide → append with the expected version. A concurrent writer makes the append fail with a
 * version conflict: then the command is decided again on the fresh state (a few times at most).
 * `expectNew` (commands that create a stream with a fresh id) skips the first read: the decision is
 * made on the initial state and appended with `no_stream`; if the stream existed after all, the
 * conflict sends it through the normal read-and-decide path.
 */
export async function handleCommand<S, C, E extends { type: string; data: unknown }>(
  store: EventStore,
  streamId: string,
  decider: Decider<S, C, E>,
  command: C | CommandFromState<S, C>,
  ctx: CommandContext,
  options: { expectNew?: boolean } = {},
): Promise<CommandResult<E>> {
  for (let attempt = 0; ; attempt++) {
    const history = attempt === 0 && options.expectNew ? [] : await store.readStream(streamId);
    const state = foldHistory(decider, history);
    const decided = typeof command === 'function' ? await (command as CommandFromState<S, C>)(state) : command;
    const events = decider.decide(decided, state, ctx);
    if (events.length === 0) return { events, checkpoint: null, history };
    const toAppend = events.map((e) => ({ id: randomUUID(), type: e.type, ...validateEventData(e.type, e.data), metadata: ctx.metadata }));
    try {
      const last = history.at(-1);
      const result = await store.append(streamId, toAppend, { expectedVersion: last ? last.streamVersion : 'no_stream' });
      return { events, checkpoint: result.checkpoint, history };
    } catch (err) {
      if (err instanceof WrongExpectedVersionError && attempt < 3) continue;
      throw err;
    }
  }
}
