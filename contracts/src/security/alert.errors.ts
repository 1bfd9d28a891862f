import { defineDomainErrors } from '../platform/domain-error.ts';

/** Refusals of security alerts and of access control (suspend, lock, end sessions). */
export const SECURITY_ALERT_ERRORS = defineDomainErrors({
  alert_not_found: { kind: 'not_found', message: 'Security alert not found' },
  alert_resolved: { kind: 'conflict', message: 'This alert is already resolved' },
  alert_investigating: { kind: 'conflict', message: 'This alert is already under investigation' },
  alert_actor_required: { kind: 'forbidden', message: 'Only a logged-in administrator can act on alerts', internal: true },
  /** Login refusals (said only after the right password, like a deactivated account). */
  account_suspended: { kind: 'forbidden', message: 'This account has been suspended. Contact the administrator.' },
  account_locked: { kind: 'forbidden', message: 'This account has been locked. Contact the administrator.' },
  access_self: { kind: 'conflict', message: 'You cannot suspend or lock your own account' },
  access_last_admin: { kind: 'conflict', message: 'The last active administrator cannot be suspended or locked' },
});
