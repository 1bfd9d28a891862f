import { describe, it } from 'vitest';
import type { UserEvent } from '@crm/contracts';
import { userDecider } from '../../src/identity/user.decider.ts';
import { deciderSpec } from '../support/given-when-then.ts';

const now = new Date('2026-11-21T08:00:00.000Z');
const userId = '5f0c3a1e-1111-4222-8333-444455556666';
const spec = deciderSpec(userDecider, { now, userId: null, metadata: { correlationId: 't' } });
const created: UserEvent = {
  type: 'UserCreated',
  data: { userId, name: 'Admin', email: 'admin@example.com', userType: 'admin', isApproved: true, isActive: true, createdAt: now.toISOString() },
};

describe('user decider', () => {
  const create = { type: 'CreateUser' as const, userId, name: 'Admin', email: 'admin@example.com', userType: 'admin' as const, approved: true };
  it('creates an active account', () => spec.given([]).when(create).then([created]));
  it('refuses to create it twice', () => spec.given([created]).when(create).thenThrows('user_exists'));
});
