import type { EventStore } from '@crm/contracts';
import { readState } from './command-handler.ts';
import type { Decider } from './decider.ts';

/**
 * Facts about another aggregate for a command (docs/ARCHITECTURE.md "Facts"): read from that aggregate's own
 * stream and folded by its own decider, then narrowed to what the command needs. A service gathers them and
 * passes them in the command; the deciders decide with them. Never a hand-written fold of someone else's events.
 */
export function factsReader<S, C, E, F>(decider: Decider<S, C, E>, streamId: (id: string) => string, project: (state: S, id: string) => F) {
  return async (store: EventStore, id: string): Promise<F> => project(await readState(store, streamId(id), decider), id);
}
