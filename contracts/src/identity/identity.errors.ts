import { defineDomainErrors } from '../platform/domain-error.ts';

const FORBIDDEN_RULES = {
  admin_changes_account_types: 'Only an admin can change account types',
  manager_approves_or_activates: 'Managers can only approve or activate user accounts',
  manager_invites_users: 'Managers can only invite people as users',
} as const;

/** Refusals of the identity domain: accounts, users, the own profile, sessions, password reset. */
export const IDENTITY_ERRORS = defineDomainErrors({
  user_not_found: { kind: 'not_found', message: 'User not found' },
  user_exists: { kind: 'conflict', message: 'This account already exists', internal: true },
  /** A permission refusal; `rule` names the rule when it is more than "you lack the permission". */
  forbidden: {
    kind: 'forbidden',
    message: (params?: { rule: keyof typeof FORBIDDEN_RULES }) =>
      params ? FORBIDDEN_RULES[params.rule] : 'You do not have permission to do this',
  },
  cannot_change_self: { kind: 'conflict', message: 'You cannot change your own account here' },
  last_admin: { kind: 'conflict', message: 'The last active admin cannot be demoted, revoked or deactivated' },
  admin_change_busy: { kind: 'conflict', message: 'Another change to an account is in progress: please try again' },
  account_deactivated: { kind: 'unprocessable', message: 'This account has been deactivated' },
  email_taken: { kind: 'conflict', message: 'An account with this e-mail already exists' },
  profile_changed: { kind: 'conflict', message: 'Your account was changed at the same time; please reload and try again' },
  current_password_incorrect: { kind: 'unprocessable', message: 'Current password is incorrect' },
  password_unchanged: { kind: 'unprocessable', message: 'The new password must be different from the current one' },
  session_not_found: { kind: 'not_found', message: 'Session not found' },
  invitation_pending: { kind: 'conflict', message: 'This e-mail already has a pending invitation: revoke it to send a new one' },
  invitation_not_found: { kind: 'not_found', message: 'Invitation not found' },
  invitation_invalid: { kind: 'unprocessable', message: 'This invitation link is invalid, already used or expired' },
});
