import { describe, expect, it } from 'vitest';
import type { UserEvent } from '@crm/contracts';
import { userDecider } from '../../src/identity/user.decider.ts';
import { deciderSpec } from '../support/given-when-then.ts';

const now = new Date('2026-11-21T08:00:00.000Z');
const at = now.toISOString();
const userId = '7a1c3a1e-1111-4222-8333-444455556666';
const adminId = '9b2d3a1e-1111-4222-8333-444455556666';
const spec = deciderSpec(userDecider, { now, userId: null, metadata: { correlationId: 't' } });

const registered: UserEvent = { type: 'UserRegistered', data: { userId, name: 'Ada Lovelace', email: 'ada@example.com', registeredAt: at } };
const approved: UserEvent = { type: 'UserApproved', data: { userId, by: adminId, at } };
const deactivated: UserEvent = { type: 'UserDeactivated', data: { userId, by: adminId, at } };
const reactivated: UserEvent = { type: 'UserActivated', data: { userId, by: adminId, at } };
const expiresAt = new Date(now.getTime() + 3_600_000);

describe('RegisterUser', () => {
  const register = { type: 'RegisterUser' as const, userId, name: 'Ada Lovelace', email: 'ada@example.com' };
  it('registers a new account', () => spec.given([]).when(register).then([registered]));
  it('refuses to register the same account twice', () => spec.given([registered]).when(register).thenThrows('user_exists'));
  it('leaves a registered account of type user, active and not approved', () => {
    const state = [registered].reduce(userDecider.evolve, userDecider.initialState);
    expect(state).toEqual({ exists: true, userId, name: 'Ada Lovelace', email: 'ada@example.com', userType: 'user', isApproved: false, isActive: true });
  });
});

describe('RequestPasswordReset', () => {
  const request = { type: 'RequestPasswordReset' as const, userId, expiresAt };
  const requestedEvent: UserEvent = { type: 'PasswordResetRequested', data: { userId, expiresAt: expiresAt.toISOString(), at } };
  it('records the request for an active account', () => spec.given([registered, approved]).when(request).then([requestedEvent]));
  it('also for an active account still awaiting approval (a reset does not let it log in)', () => spec.given([registered]).when(request).then([requestedEvent]));
  it('refuses a deactivated account', () => spec.given([registered, approved, deactivated]).when(request).thenThrows('account_deactivated'));
  it('accepts it again once the account is reactivated', () => spec.given([registered, approved, deactivated, reactivated]).when(request).then([requestedEvent]));
  it('refuses an account that does not exist', () => spec.given([]).when(request).thenThrows('user_not_found'));
});

describe('ResetPassword', () => {
  const reset = { type: 'ResetPassword' as const, userId };
  it('records the password change as a reset', () =>
    spec.given([registered, approved]).when(reset).then([{ type: 'UserPasswordChanged', data: { userId, via: 'reset', at } }]));
  it('refuses an account that does not exist', () => spec.given([]).when(reset).thenThrows('user_not_found'));
});
