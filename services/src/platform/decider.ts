import type { EventMetadata } from '@crm/contracts';

/** What every command carries besides its payload: who, when, and the request it came from. */
export interface CommandContext {
  now: Date;
  userId: string | null;
  metadata: EventMetadata;
}

export interface Decider<State, Command, Event> {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State, ctx: CommandContext): Event[];
}
