import { DomainError, type UserEvent, type UserType } from '@crm/contracts';
import type { CommandContext, Decider } from '../platform/decider.ts';

export type UserState =
  | { exists: false }
  | { exists: true; userId: string; name: string; email: string; userType: UserType; isApproved: boolean; isActive: boolean };

export type UserCommand = { type: 'CreateUser'; userId: string; name: string; email: string; userType: UserType; approved: boolean };

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: { exists: false },
  evolve(state, event) {
    switch (event.type) {
      case 'UserCreated':
        return { exists: true, ...event.data };
      default: {
        const never: never = event.type;
        return never;
      }
    }
  },
  decide(command: UserCommand, state: UserState, ctx: CommandContext): UserEvent[] {
    switch (command.type) {
      case 'CreateUser':
        if (state.exists) throw new DomainError('user_exists', 'This account already exists');
        return [
          {
            type: 'UserCreated',
            data: {
              userId: command.userId,
              name: command.name,
              email: command.email,
              userType: command.userType,
              isApproved: command.approved,
              isActive: true,
              createdAt: ctx.now.toISOString(),
            },
          },
        ];
      default: {
        const never: never = command.type;
        return never;
      }
    }
  },
};
