import { describe, it } from 'vitest';
import type { UserEvent } from '@crm/contracts';
import { userDecider } from '../../src/identity/user.decider.ts';
import { deciderSpec } from '../support/given-when-then.ts';

const now = new Date('2026-11-21T08:00:00.000Z');
const at = now.toISOString();
const userId = '7a1c3a1e-1111-4222-8333-444455556666';
const adminId = '9b2d3a1e-1111-4222-8333-444455556666';
const admin = { userId: adminId, userType: 'admin' as const };
const manager = { userId: adminId, userType: 'manager' as const };
const expiresAt = new Date(now.getTime() + 7 * 24 * 3600 * 1000);
const spec = deciderSpec(userDecider, { now, userId: adminId, metadata: { correlationId: 't' } });
const later = deciderSpec(userDecider, { now: new Date(expiresAt.getTime() + 1), userId: null, metadata: { correlationId: 't' } });

const invite = { type: 'InviteUser' as const, userId, email: 'ivy@example.com', userType: 'manager' as const, tokenHash: 'h1', expiresAt, actor: admin, emailTaken: false, pendingInvitation: false };
const invited: UserEvent = {
  type: 'UserInvited',
  data: { userId, email: 'ivy@example.com', userType: 'manager', invitedBy: adminId, tokenHash: 'h1', expiresAt: expiresAt.toISOString(), at },
};
const accept = { type: 'AcceptInvitation' as const, userId, tokenHash: 'h1', name: 'Ivy' };
const accepted: UserEvent[] = [
  { type: 'InvitationAccepted', data: { userId, name: 'Ivy', at } },
  { type: 'UserCreated', data: { userId, name: 'Ivy', email: 'ivy@example.com', userType: 'manager', isApproved: true, isActive: true, createdAt: at } },
];
const revoked: UserEvent = { type: 'InvitationRevoked', data: { userId, by: adminId, at } };

describe('InviteUser', () => {
  it('records the invitation with the token hash only', () => spec.given([]).when(invite).then([invited]));
  it('lets a manager invite a user', () =>
    spec.given([]).when({ ...invite, userType: 'user', actor: manager }).then([{ ...invited, data: { ...invited.data, userType: 'user' } } as UserEvent]));
  it('refuses a manager inviting a manager or an admin', () => {
    spec.given([]).when({ ...invite, actor: manager }).thenThrows('forbidden');
    spec.given([]).when({ ...invite, userType: 'admin', actor: manager }).thenThrows('forbidden');
  });
  it('refuses a plain user', () => spec.given([]).when({ ...invite, userType: 'user', actor: { userId: adminId, userType: 'user' } }).thenThrows('forbidden'));
  it('refuses an address with an account', () => spec.given([]).when({ ...invite, emailTaken: true }).thenThrows('email_taken'));
  it('refuses an address with an open invitation', () => spec.given([]).when({ ...invite, pendingInvitation: true }).thenThrows('invitation_pending'));
});

describe('AcceptInvitation', () => {
  it('creates the account approved with the invited type', () => spec.given([invited]).when(accept).then(accepted));
  it('works once', () => spec.given([invited, ...accepted]).when(accept).thenThrows('invitation_invalid'));
  it('refuses another token', () => spec.given([invited]).when({ ...accept, tokenHash: 'h2' }).thenThrows('invitation_invalid'));
  it('refuses after the expiry', () => later.given([invited]).when(accept).thenThrows('invitation_invalid'));
  it('refuses a revoked invitation', () => spec.given([invited, revoked]).when(accept).thenThrows('invitation_invalid'));
  it('refuses without an invitation', () => spec.given([]).when(accept).thenThrows('invitation_invalid'));
});

describe('RevokeInvitation', () => {
  it('revokes a pending invitation', () => spec.given([invited]).when({ type: 'RevokeInvitation', userId, actor: admin }).then([revoked]));
  it('refuses a manager revoking a manager invitation', () => spec.given([invited]).when({ type: 'RevokeInvitation', userId, actor: manager }).thenThrows('forbidden'));
  it('refuses what is not pending', () => spec.given([invited, ...accepted]).when({ type: 'RevokeInvitation', userId, actor: admin }).thenThrows('invitation_not_found'));
});
