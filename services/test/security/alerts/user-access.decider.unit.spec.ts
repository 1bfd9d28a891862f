import { describe, it } from 'vitest';
import type { UserEvent } from '@crm/contracts';
import { userDecider, type Actor } from '../../../src/identity/user.decider.ts';
import { deciderSpec } from '../../support/given-when-then.ts';

const now = new Date('2030-03-01T10:00:00.000Z');
const at = now.toISOString();
const ADMIN = 'a3c1b2d4-0000-4000-8000-000000000001';
const OTHER_ADMIN = 'a3c1b2d4-0000-4000-8000-000000000003';
const USER = 'a3c1b2d4-0000-4000-8000-000000000002';
const admin: Actor = { userId: ADMIN, userType: 'admin' };
const manager: Actor = { userId: 'a3c1b2d4-0000-4000-8000-000000000009', userType: 'manager' };
const spec = deciderSpec(userDecider, { now, userId: ADMIN, metadata: { correlationId: 'test' } });

const created = (userId: string, userType: 'admin' | 'user'): UserEvent => ({
  type: 'UserCreated',
  data: { userId, name: 'Someone', email: `${userId}@x.test`, userType, isApproved: true, isActive: true, createdAt: '2030-01-01T00:00:00.000Z' },
});
const by = { by: ADMIN, at: '2030-02-01T00:00:00.000Z', reason: null };

describe('user decider: access control (suspend, lock)', () => {
  it('suspends and reinstates an account, with who, when and why', () => {
    spec.given([created(USER, 'user')]).when({ type: 'SuspendUser', userId: USER, actor: admin, activeAdmins: 1, reason: 'brute force' }).then([{ type: 'UserSuspended', data: { userId: USER, by: ADMIN, at, reason: 'brute force' } }]);
    spec.given([created(USER, 'user'), { type: 'UserSuspended', data: { userId: USER, ...by } }]).when({ type: 'ReinstateUser', userId: USER, actor: admin, activeAdmins: 1, reason: null }).then([{ type: 'UserReinstated', data: { userId: USER, by: ADMIN, at, reason: null } }]);
  });

  it('locks and unlocks an account', () => {
    spec.given([created(USER, 'user')]).when({ type: 'LockUser', userId: USER, actor: admin, activeAdmins: 1, reason: null }).then([{ type: 'UserLocked', data: { userId: USER, by: ADMIN, at, reason: null } }]);
    spec.given([created(USER, 'user'), { type: 'UserLocked', data: { userId: USER, ...by } }]).when({ type: 'UnlockUser', userId: USER, actor: admin, activeAdmins: 1, reason: null }).then([{ type: 'UserUnlocked', data: { userId: USER, by: ADMIN, at, reason: null } }]);
  });

  it('does nothing when already in the asked state', () => {
    spec.given([created(USER, 'user'), { type: 'UserSuspended', data: { userId: USER, ...by } }]).when({ type: 'SuspendUser', userId: USER, actor: admin, activeAdmins: 1, reason: null }).then([]);
    spec.given([created(USER, 'user')]).when({ type: 'UnlockUser', userId: USER, actor: admin, activeAdmins: 1, reason: null }).then([]);
  });

  it('refuses a manager, oneself, the last active admin and an unknown account', () => {
    spec.given([created(USER, 'user')]).when({ type: 'SuspendUser', userId: USER, actor: manager, activeAdmins: 1, reason: null }).thenThrows('forbidden');
    spec.given([created(ADMIN, 'admin')]).when({ type: 'LockUser', userId: ADMIN, actor: admin, activeAdmins: 2, reason: null }).thenThrows('access_self');
    spec.given([created(OTHER_ADMIN, 'admin')]).when({ type: 'SuspendUser', userId: OTHER_ADMIN, actor: admin, activeAdmins: 1, reason: null }).thenThrows('access_last_admin');
    spec.given([created(OTHER_ADMIN, 'admin')]).when({ type: 'SuspendUser', userId: OTHER_ADMIN, actor: admin, activeAdmins: 2, reason: null }).then([{ type: 'UserSuspended', data: { userId: OTHER_ADMIN, by: ADMIN, at, reason: null } }]);
    spec.given([]).when({ type: 'LockUser', userId: USER, actor: admin, activeAdmins: 1, reason: null }).thenThrows('user_not_found');
  });
});
