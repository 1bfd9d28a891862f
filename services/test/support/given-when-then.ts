import { expect } from 'vitest';
import type { CommandContext, Decider } from '../../src/platform/decider.ts';

/** given([...events]).when(command).then([...events]) / .thenThrows(code) for a pure decider. */
export function deciderSpec<S, C, E>(decider: Decider<S, C, E>, ctx: CommandContext) {
  return {
    given(events: E[]) {
      const state = events.reduce(decider.evolve, decider.initialState);
      return {
        when(command: C) {
          const run = () => decider.decide(command, state, ctx);
          return {
            then(expected: E[]) {
              expect(run()).toEqual(expected);
            },
            thenThrows(code: string) {
              expect(run).toThrowError(expect.objectContaining({ code }));
            },
          };
        },
      };
    },
  };
}
