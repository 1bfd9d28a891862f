import { DomainError, can, type UserEvent, type UserType } from '@crm/contracts';
import type { CommandContext, Decider } from '../platform/decider.ts';

export type UserState =
  | { exists: false }
  | { exists: true; userId: string; name: string; email: string; userType: UserType; isApproved: boolean; isActive: boolean };

/** Who is acting on an account through the users admin (from the session, never from the client). */
export interface Actor {
  userId: string;
  userType: UserType;
}

/**
 * Account moderation. `activeAdmins` is how many approved, active admins exist right now; the users
 * service counts them under a lock that serialises every admin-reducing change (see users.service.ts).
 */
export type ModerationCommand =
  | { type: 'ApproveUser'; userId: string; actor: Actor; activeAdmins: number }
  | { type: 'RevokeApproval'; userId: string; actor: Actor; activeAdmins: number }
  | { type: 'ActivateUser'; userId: string; actor: Actor; activeAdmins: number }
  | { type: 'DeactivateUser'; userId: string; actor: Actor; activeAdmins: number }
  | { type: 'ChangeUserType'; userId: string; to: UserType; actor: Actor; activeAdmins: number };

export type UserCommand =
  | { type: 'CreateUser'; userId: string; name: string; email: string; userType: UserType; approved: boolean }
  | { type: 'RegisterUser'; userId: string; name: string; email: string }
  | ModerationCommand
  | { type: 'UpdateProfile'; userId: string; name: string; email: string }
  | { type: 'ChangePassword'; userId: string }
  | { type: 'RequestPasswordReset'; userId: string; expiresAt: Date }
  | { type: 'ResetPassword'; userId: string };

type Existing = Extract<UserState, { exists: true }>;

function existing(state: UserState): Existing {
  if (!state.exists) throw new DomainError('user_not_found', 'User not found', 'not_found');
  return state;
}

/** An approved, active admin: what the last-admin rule counts. */
export const isActiveAdmin = (s: UserState): boolean => s.exists && s.userType === 'admin' && s.isActive && s.isApproved;

/** The rules every moderation command shares: who may touch whom, never oneself, never the last admin. */
function checkModeration(command: ModerationCommand, target: Existing, removesAdmin: boolean) {
  const { actor } = command;
  if (!can(actor.userType, 'users:moderate')) throw new DomainError('forbidden', 'You do not have permission to do this', 'forbidden');
  if (command.type === 'ChangeUserType' && !can(actor.userType, 'users:manage')) {
    throw new DomainError('forbidden', 'Only an admin can change account types', 'forbidden');
  }
  if (!can(actor.userType, 'users:manage') && target.userType !== 'user') {
    throw new DomainError('forbidden', 'Managers can only approve or activate user accounts', 'forbidden');
  }
  if (actor.userId === target.userId) throw new DomainError('cannot_change_self', 'You cannot change your own account here', 'conflict');
  if (removesAdmin && isActiveAdmin(target) && command.activeAdmins <= 1) {
    throw new DomainError('last_admin', 'The last active admin cannot be demoted, revoked or deactivated', 'conflict');
  }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: { exists: false },

  evolve(state, event) {
    switch (event.type) {
      case 'UserCreated':
        return { exists: true, ...event.data };
      case 'UserRegistered':
        return { exists: true, userId: event.data.userId, name: event.data.name, email: event.data.email, userType: 'user', isApproved: false, isActive: true };
      case 'UserApproved':
        return state.exists ? { ...state, isApproved: true } : state;
      case 'UserApprovalRevoked':
        return state.exists ? { ...state, isApproved: false } : state;
      case 'UserActivated':
        return state.exists ? { ...state, isActive: true } : state;
      case 'UserDeactivated':
        return state.exists ? { ...state, isActive: false } : state;
      case 'UserTypeChanged':
        return state.exists ? { ...state, userType: event.data.to } : state;
      case 'UserProfileUpdated':
        return state.exists ? { ...state, name: event.data.name, email: event.data.email } : state;
      case 'UserPasswordChanged':
      case 'PasswordResetRequested':
        return state;
      default: {
        const never: never = event;
        return never;
      }
    }
  },

  decide(command: UserCommand, state: UserState, ctx: CommandContext): UserEvent[] {
    const at = ctx.now.toISOString();
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
              createdAt: at,
            },
          },
        ];
      case 'RegisterUser':
        if (state.exists) throw new DomainError('user_exists', 'This account already exists');
        return [{ type: 'UserRegistered', data: { userId: command.userId, name: command.name, email: command.email, registeredAt: at } }];
      case 'ApproveUser': {
        const target = existing(state);
        checkModeration(command, target, false);
        return target.isApproved ? [] : [{ type: 'UserApproved', data: { userId: target.userId, by: command.actor.userId, at } }];
      }
      case 'RevokeApproval': {
        const target = existing(state);
        checkModeration(command, target, true);
        return target.isApproved ? [{ type: 'UserApprovalRevoked', data: { userId: target.userId, by: command.actor.userId, at } }] : [];
      }
      case 'ActivateUser': {
        const target = existing(state);
        checkModeration(command, target, false);
        return target.isActive ? [] : [{ type: 'UserActivated', data: { userId: target.userId, by: command.actor.userId, at } }];
      }
      case 'DeactivateUser': {
        const target = existing(state);
        checkModeration(command, target, true);
        return target.isActive ? [{ type: 'UserDeactivated', data: { userId: target.userId, by: command.actor.userId, at } }] : [];
      }
      case 'ChangeUserType': {
        const target = existing(state);
        checkModeration(command, target, command.to !== 'admin');
        if (target.userType === command.to) return [];
        return [{ type: 'UserTypeChanged', data: { userId: target.userId, from: target.userType, to: command.to, by: command.actor.userId, at } }];
      }
      case 'UpdateProfile': {
        const target = existing(state);
        if (target.name === command.name && target.email === command.email) return [];
        return [{ type: 'UserProfileUpdated', data: { userId: target.userId, name: command.name, email: command.email, previousEmail: target.email, at } }];
      }
      case 'ChangePassword':
        existing(state);
        return [{ type: 'UserPasswordChanged', data: { userId: command.userId, via: 'change', at } }];
      case 'RequestPasswordReset': {
        const target = existing(state);
        if (!target.isActive) throw new DomainError('account_deactivated', 'This account has been deactivated', 'unprocessable');
        return [{ type: 'PasswordResetRequested', data: { userId: target.userId, expiresAt: command.expiresAt.toISOString(), at } }];
      }
      case 'ResetPassword':
        existing(state);
        return [{ type: 'UserPasswordChanged', data: { userId: command.userId, via: 'reset', at } }];
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
