/**
 * Account moderation in the user decider: approve / revoke, activate / deactivate, change type, with the
 * rules on who may touch whom (managers: `user` accounts only, never types), never oneself, never the
 * last active admin; repeating a change is a no-op; an unknown account is not found.
 */
import { describe, it } from 'vitest';
import type { UserEvent, UserType } from '@crm/contracts';
import { userDecider, type Actor, type ModerationCommand } from '../../src/identity/user.decider.ts';
import { deciderSpec } from '../support/given-when-then.ts';

const now = new Date('2026-11-21T08:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(userDecider, { now, userId: null, metadata: { correlationId: 't' } });

const targetId = '5f0c3a1e-1111-4222-8333-444455556666';
const admin: Actor = { userId: 'aaaaaaaa-1111-4222-8333-444455556666', userType: 'admin' };
const manager: Actor = { userId: 'bbbbbbbb-1111-4222-8333-444455556666', userType: 'manager' };
const plainUser: Actor = { userId: 'cccccccc-1111-4222-8333-444455556666', userType: 'user' };

function created(userType: UserType, isApproved = true, isActive = true, userId = targetId): UserEvent {
  return { type: 'UserCreated', data: { userId, name: 'Target', email: 'target@example.com', userType, isApproved, isActive, createdAt: at } };
}
const registered: UserEvent = { type: 'UserRegistered', data: { userId: targetId, name: 'New', email: 'new@example.com', registeredAt: at } };

type Kind = ModerationCommand['type'];
function cmd(type: Exclude<Kind, 'ChangeUserType'>, actor: Actor, activeAdmins?: number, userId?: string): ModerationCommand;
function cmd(type: 'ChangeUserType', actor: Actor, activeAdmins: number, userId: string | undefined, to: UserType): ModerationCommand;
function cmd(type: Kind, actor: Actor, activeAdmins = 2, userId = targetId, to: UserType = 'user'): ModerationCommand {
  return type === 'ChangeUserType' ? { type, userId, actor, activeAdmins, to } : { type, userId, actor, activeAdmins };
}
const change = (actor: Actor, to: UserType, activeAdmins = 2, userId = targetId) => cmd('ChangeUserType', actor, activeAdmins, userId, to);

const approved = (by: Actor): UserEvent => ({ type: 'UserApproved', data: { userId: targetId, by: by.userId, at } });
const revoked = (by: Actor): UserEvent => ({ type: 'UserApprovalRevoked', data: { userId: targetId, by: by.userId, at } });
const activated = (by: Actor): UserEvent => ({ type: 'UserActivated', data: { userId: targetId, by: by.userId, at } });
const deactivated = (by: Actor): UserEvent => ({ type: 'UserDeactivated', data: { userId: targetId, by: by.userId, at } });
const typeChanged = (by: Actor, from: UserType, to: UserType): UserEvent => ({ type: 'UserTypeChanged', data: { userId: targetId, from, to, by: by.userId, at } });

describe('approve and revoke', () => {
  it('an admin approves a registered account', () => spec.given([registered]).when(cmd('ApproveUser', admin)).then([approved(admin)]));
  it('a manager approves a registered account', () => spec.given([registered]).when(cmd('ApproveUser', manager)).then([approved(manager)]));
  it('approving an approved account is a no-op', () => spec.given([registered, approved(admin)]).when(cmd('ApproveUser', manager)).then([]));
  it('an admin revokes an approval', () => spec.given([created('user')]).when(cmd('RevokeApproval', admin)).then([revoked(admin)]));
  it('a manager revokes the approval of a user account', () => spec.given([created('user')]).when(cmd('RevokeApproval', manager)).then([revoked(manager)]));
  it('revoking an unapproved account is a no-op', () => spec.given([registered]).when(cmd('RevokeApproval', admin)).then([]));
  it('approval can be given again after a revocation', () =>
    spec.given([created('user'), revoked(admin)]).when(cmd('ApproveUser', admin)).then([approved(admin)]));
});

describe('activate and deactivate', () => {
  it('an admin deactivates an account', () => spec.given([created('manager')]).when(cmd('DeactivateUser', admin)).then([deactivated(admin)]));
  it('a manager deactivates a user account', () => spec.given([created('user')]).when(cmd('DeactivateUser', manager)).then([deactivated(manager)]));
  it('deactivating an inactive account is a no-op', () => spec.given([created('user', true, false)]).when(cmd('DeactivateUser', admin)).then([]));
  it('an admin activates an inactive account', () => spec.given([created('user', true, false)]).when(cmd('ActivateUser', admin)).then([activated(admin)]));
  it('a manager activates an inactive user account', () =>
    spec.given([created('user'), deactivated(admin)]).when(cmd('ActivateUser', manager)).then([activated(manager)]));
  it('activating an active account is a no-op', () => spec.given([created('user')]).when(cmd('ActivateUser', admin)).then([]));
});

describe('change type', () => {
  it('an admin promotes a user to manager', () => spec.given([created('user')]).when(change(admin, 'manager')).then([typeChanged(admin, 'user', 'manager')]));
  it('an admin promotes a manager to admin (even with one admin)', () =>
    spec.given([created('manager')]).when(change(admin, 'admin', 1)).then([typeChanged(admin, 'manager', 'admin')]));
  it('an admin demotes another admin while another active admin remains', () =>
    spec.given([created('admin')]).when(change(admin, 'user', 2)).then([typeChanged(admin, 'admin', 'user')]));
  it('the same type is a no-op', () => spec.given([created('manager')]).when(change(admin, 'manager')).then([]));
  it('a manager cannot change types, not even of a user account', () => spec.given([created('user')]).when(change(manager, 'manager')).thenThrows('forbidden'));
});

describe('managers touch user accounts only', () => {
  for (const targetType of ['manager', 'admin'] as const) {
    for (const kind of ['ApproveUser', 'RevokeApproval', 'ActivateUser', 'DeactivateUser'] as const) {
      it(`a manager cannot ${kind} a ${targetType} account`, () =>
        spec.given([created(targetType, kind !== 'ApproveUser', kind !== 'ActivateUser')]).when(cmd(kind, manager)).thenThrows('forbidden'));
    }
  }
  it('the refusal comes before the no-op (no hint about the state of an account one may not touch)', () =>
    spec.given([created('admin')]).when(cmd('ActivateUser', manager)).thenThrows('forbidden'));
});

describe('a plain user moderates nothing', () => {
  for (const kind of ['ApproveUser', 'RevokeApproval', 'ActivateUser', 'DeactivateUser'] as const) {
    it(`refuses ${kind}`, () => spec.given([created('user')]).when(cmd(kind, plainUser)).thenThrows('forbidden'));
  }
  it('refuses ChangeUserType', () => spec.given([created('user')]).when(change(plainUser, 'admin')).thenThrows('forbidden'));
});

describe('never oneself', () => {
  const self = (type: UserType, isApproved = true, isActive = true) => created(type, isApproved, isActive, admin.userId);
  for (const kind of ['ApproveUser', 'RevokeApproval', 'ActivateUser', 'DeactivateUser'] as const) {
    it(`an admin cannot ${kind} their own account`, () => spec.given([self('admin')]).when(cmd(kind, admin, 3, admin.userId)).thenThrows('cannot_change_self'));
  }
  it('an admin cannot change their own type', () =>
    spec.given([self('admin')]).when(change(admin, 'manager', 3, admin.userId)).thenThrows('cannot_change_self'));
  it('a manager cannot deactivate their own account', () =>
    spec.given([created('manager', true, true, manager.userId)]).when(cmd('DeactivateUser', manager, 1, manager.userId)).thenThrows('forbidden'));
});

describe('never the last active admin', () => {
  it('refuses to deactivate the last active admin', () => spec.given([created('admin')]).when(cmd('DeactivateUser', admin, 1)).thenThrows('last_admin'));
  it('refuses to revoke the last active admin', () => spec.given([created('admin')]).when(cmd('RevokeApproval', admin, 1)).thenThrows('last_admin'));
  it('refuses to demote the last active admin to manager', () => spec.given([created('admin')]).when(change(admin, 'manager', 1)).thenThrows('last_admin'));
  it('refuses to demote the last active admin to user', () => spec.given([created('admin')]).when(change(admin, 'user', 1)).thenThrows('last_admin'));
  it('refuses when the count says there is none (a stale or racing view never allows it)', () =>
    spec.given([created('admin')]).when(cmd('DeactivateUser', admin, 0)).thenThrows('last_admin'));
  it('allows deactivating an admin when another active admin remains', () =>
    spec.given([created('admin')]).when(cmd('DeactivateUser', admin, 2)).then([deactivated(admin)]));
  it('an inactive admin does not count as "the last": it can be revoked or demoted', () => {
    spec.given([created('admin', true, false)]).when(cmd('RevokeApproval', admin, 1)).then([revoked(admin)]);
    spec.given([created('admin', true, false)]).when(change(admin, 'user', 1)).then([typeChanged(admin, 'admin', 'user')]);
  });
  it('an unapproved admin does not count as "the last": it can be deactivated', () =>
    spec.given([created('admin', false, true)]).when(cmd('DeactivateUser', admin, 1)).then([deactivated(admin)]));
  it('adding rights needs no count', () => {
    spec.given([created('admin', false, true)]).when(cmd('ApproveUser', admin, 0)).then([approved(admin)]);
    spec.given([created('admin', true, false)]).when(cmd('ActivateUser', admin, 0)).then([activated(admin)]);
  });
});

describe('unknown account', () => {
  for (const kind of ['ApproveUser', 'RevokeApproval', 'ActivateUser', 'DeactivateUser'] as const) {
    it(`${kind} on an unknown account is not found`, () => spec.given([]).when(cmd(kind, admin)).thenThrows('user_not_found'));
  }
  it('ChangeUserType on an unknown account is not found', () => spec.given([]).when(change(admin, 'manager')).thenThrows('user_not_found'));
});
