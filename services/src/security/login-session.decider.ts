import { SECURITY_ERRORS, domainError, type LoginEvent, type SessionEndReason } from '@crm/contracts';
import type { CommandContext, Decider } from '../platform/decider.ts';

type Succeeded = Extract<LoginEvent, { type: 'LoginSucceeded' }>['data'];
type Failed = Extract<LoginEvent, { type: 'LoginFailed' }>['data'];

/** One login attempt (stream `login-<loginId>`): recorded once; a successful one's session ends once. */
export type LoginSessionState =
  | { status: 'none' }
  | { status: 'failed' }
  | { status: 'open'; userId: string }
  | { status: 'ended' };

export type LoginSessionCommand =
  | { type: 'RecordLoginSucceeded'; attempt: Omit<Succeeded, 'at'> }
  | { type: 'RecordLoginFailed'; attempt: Omit<Failed, 'at'> }
  | { type: 'EndSession'; loginId: string; reason: SessionEndReason };

export const loginSessionDecider: Decider<LoginSessionState, LoginSessionCommand, LoginEvent> = {
  initialState: { status: 'none' },
  evolve(state, event) {
    switch (event.type) {
      case 'LoginSucceeded':
        return { status: 'open', userId: event.data.userId };
      case 'LoginFailed':
        return { status: 'failed' };
      case 'SessionEnded':
        return { status: 'ended' };
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide(command, state, ctx: CommandContext): LoginEvent[] {
    const at = ctx.now.toISOString();
    switch (command.type) {
      case 'RecordLoginSucceeded':
        if (state.status !== 'none') throw domainError(SECURITY_ERRORS.login_recorded);
        return [{ type: 'LoginSucceeded', data: { ...command.attempt, at } }];
      case 'RecordLoginFailed':
        if (state.status !== 'none') throw domainError(SECURITY_ERRORS.login_recorded);
        return [{ type: 'LoginFailed', data: { ...command.attempt, at } }];
      case 'EndSession':
        // Ending twice (logout racing the expiry sweep) records the first end only.
        if (state.status !== 'open') return [];
        return [{ type: 'SessionEnded', data: { loginId: command.loginId, userId: state.userId, reason: command.reason, endedAt: at } }];
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
