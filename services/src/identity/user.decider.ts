import { IDENTITY_ERRORS, SECURITY_ALERT_ERRORS, can, domainError, type Locale, type UserEvent, type UserType } from '@crm/contracts';
import type { CommandContext, Decider } from '../platform/decider.ts';

/** An invitation to become this account (its stream exists before the account does). */
export interface PendingInvitation {
  email: string;
  userType: UserType;
  invitedBy: string;
  tokenHash: string;
  expiresAt: string;
  status: 'pending' | 'revoked';
}

export type UserState =
  | { exists: false; invitation?: PendingInvitation }
  | {
      exists: true;
      userId: string;
      name: string;
      email: string;
      userType: UserType;
      isApproved: boolean;
      isActive: boolean;
      /** Access control (Security Center): a suspended or locked account cannot log in. Absent means false. */
      suspended?: boolean;
      locked?: boolean;
    };

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

/**
 * Invitations. The facts come from the service: `emailTaken` (an account has this e-mail) and
 * `pendingInvitation` (another unexpired invitation for it is open). The actor is re-read from its stream.
 */
export type InvitationCommand =
  | {
      type: 'InviteUser';
      userId: string;
      email: string;
      userType: UserType;
      tokenHash: string;
      expiresAt: Date;
      actor: Actor;
      emailTaken: boolean;
      pendingInvitation: boolean;
    }
  | { type: 'AcceptInvitation'; userId: string; tokenHash: string; name: string; locale?: Locale }
  | { type: 'RevokeInvitation'; userId: string; actor: Actor };

/**
 * Access control by an admin (`security:manage`): suspend/reinstate and lock/unlock. `activeAdmins` as for
 * moderation (the last active admin cannot be suspended or locked).
 */
export type AccessCommand =
  | { type: 'SuspendUser' | 'ReinstateUser' | 'LockUser' | 'UnlockUser'; userId: string; actor: Actor; activeAdmins: number; reason: string | null };

export type UserCommand =
  | AccessCommand
  | { type: 'CreateUser'; userId: string; name: string; email: string; userType: UserType; approved: boolean }
  | { type: 'RegisterUser'; userId: string; name: string; email: string; locale?: Locale }
  | InvitationCommand
  | ModerationCommand
  | { type: 'UpdateProfile'; userId: string; name: string; email: string }
  | { type: 'ChangePassword'; userId: string }
  | { type: 'RequestPasswordReset'; userId: string; expiresAt: Date }
  | { type: 'ResetPassword'; userId: string };

type Existing = Extract<UserState, { exists: true }>;

function existing(state: UserState): Existing {
  if (!state.exists) throw domainError(IDENTITY_ERRORS.user_not_found);
  return state;
}

/** An approved, active admin: what the last-admin rule counts. */
export const isActiveAdmin = (s: UserState): boolean => s.exists && s.userType === 'admin' && s.isActive && s.isApproved && !s.suspended && !s.locked;

/** Who may suspend or lock whom: an admin (security:manage), never themselves, never the last active admin. */
function checkAccess(command: AccessCommand, target: Existing, removesAdmin: boolean) {
  if (!can(command.actor.userType, 'security:manage')) throw domainError(IDENTITY_ERRORS.forbidden);
  if (command.actor.userId === target.userId) throw domainError(SECURITY_ALERT_ERRORS.access_self);
  if (removesAdmin && isActiveAdmin(target) && command.activeAdmins <= 1) throw domainError(SECURITY_ALERT_ERRORS.access_last_admin);
}

/** The rules every moderation command shares: who may touch whom, never oneself, never the last admin. */
function checkModeration(command: ModerationCommand, target: Existing, removesAdmin: boolean) {
  const { actor } = command;
  if (!can(actor.userType, 'users:moderate')) throw domainError(IDENTITY_ERRORS.forbidden);
  if (command.type === 'ChangeUserType' && !can(actor.userType, 'users:manage')) {
    throw domainError(IDENTITY_ERRORS.forbidden, { rule: 'admin_changes_account_types' });
  }
  if (!can(actor.userType, 'users:manage') && target.userType !== 'user') {
    throw domainError(IDENTITY_ERRORS.forbidden, { rule: 'manager_approves_or_activates' });
  }
  if (actor.userId === target.userId) throw domainError(IDENTITY_ERRORS.cannot_change_self);
  if (removesAdmin && isActiveAdmin(target) && command.activeAdmins <= 1) {
    throw domainError(IDENTITY_ERRORS.last_admin);
  }
}

/** A manager may invite (and revoke invitations of) `user` accounts only; an admin any type. */
function checkInviter(actor: Actor, userType: UserType) {
  if (!can(actor.userType, 'users:moderate')) throw domainError(IDENTITY_ERRORS.forbidden);
  if (userType !== 'user' && !can(actor.userType, 'users:manage')) throw domainError(IDENTITY_ERRORS.forbidden, { rule: 'manager_invites_users' });
}

/** The invitation a link may still use: pending, unexpired, and this very token. */
function usableInvitation(state: UserState, tokenHash: string, now: Date): PendingInvitation {
  const invitation = state.exists ? undefined : state.invitation;
  if (!invitation || invitation.status !== 'pending' || invitation.tokenHash !== tokenHash || new Date(invitation.expiresAt) <= now) {
    throw domainError(IDENTITY_ERRORS.invitation_invalid);
  }
  return invitation;
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
      case 'UserInvited': {
        const { email, userType, invitedBy, tokenHash, expiresAt } = event.data;
        return state.exists ? state : { exists: false, invitation: { email, userType, invitedBy, tokenHash, expiresAt, status: 'pending' } };
      }
      case 'InvitationAccepted':
        // The account itself comes with the UserCreated that follows.
        return state;
      case 'UserSuspended':
        return state.exists ? { ...state, suspended: true } : state;
      case 'UserReinstated':
        return state.exists ? { ...state, suspended: false } : state;
      case 'UserLocked':
        return state.exists ? { ...state, locked: true } : state;
      case 'UserUnlocked':
        return state.exists ? { ...state, locked: false } : state;
      case 'InvitationRevoked':
        return !state.exists && state.invitation ? { exists: false, invitation: { ...state.invitation, status: 'revoked' } } : state;
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
        if (state.exists) throw domainError(IDENTITY_ERRORS.user_exists);
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
        if (state.exists) throw domainError(IDENTITY_ERRORS.user_exists);
        return [
          {
            type: 'UserRegistered',
            data: { userId: command.userId, name: command.name, email: command.email, registeredAt: at, ...(command.locale ? { locale: command.locale } : {}) },
          },
        ];
      case 'InviteUser': {
        checkInviter(command.actor, command.userType);
        if (command.emailTaken) throw domainError(IDENTITY_ERRORS.email_taken);
        if (command.pendingInvitation) throw domainError(IDENTITY_ERRORS.invitation_pending);
        if (state.exists || state.invitation) throw domainError(IDENTITY_ERRORS.user_exists);
        if (command.expiresAt <= ctx.now) throw domainError(IDENTITY_ERRORS.invitation_invalid);
        return [
          {
            type: 'UserInvited',
            data: {
              userId: command.userId,
              email: command.email,
              userType: command.userType,
              invitedBy: command.actor.userId,
              tokenHash: command.tokenHash,
              expiresAt: command.expiresAt.toISOString(),
              at,
            },
          },
        ];
      }
      case 'AcceptInvitation': {
        const invitation = usableInvitation(state, command.tokenHash, ctx.now);
        return [
          { type: 'InvitationAccepted', data: { userId: command.userId, name: command.name, at, ...(command.locale ? { locale: command.locale } : {}) } },
          {
            type: 'UserCreated',
            data: { userId: command.userId, name: command.name, email: invitation.email, userType: invitation.userType, isApproved: true, isActive: true, createdAt: at },
          },
        ];
      }
      case 'RevokeInvitation': {
        const invitation = state.exists ? undefined : state.invitation;
        if (!invitation || invitation.status !== 'pending') throw domainError(IDENTITY_ERRORS.invitation_not_found);
        checkInviter(command.actor, invitation.userType);
        return [{ type: 'InvitationRevoked', data: { userId: command.userId, by: command.actor.userId, at } }];
      }
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
        if (!target.isActive) throw domainError(IDENTITY_ERRORS.account_deactivated);
        return [{ type: 'PasswordResetRequested', data: { userId: target.userId, expiresAt: command.expiresAt.toISOString(), at } }];
      }
      case 'SuspendUser':
      case 'ReinstateUser':
      case 'LockUser':
      case 'UnlockUser': {
        const target = existing(state);
        const suspend = command.type === 'SuspendUser';
        const lock = command.type === 'LockUser';
        checkAccess(command, target, suspend || lock);
        const data = { userId: target.userId, by: command.actor.userId, at, reason: command.reason };
        if (suspend) return target.suspended ? [] : [{ type: 'UserSuspended', data }];
        if (command.type === 'ReinstateUser') return target.suspended ? [{ type: 'UserReinstated', data }] : [];
        if (lock) return target.locked ? [] : [{ type: 'UserLocked', data }];
        return target.locked ? [{ type: 'UserUnlocked', data }] : [];
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
