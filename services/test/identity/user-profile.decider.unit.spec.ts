import { describe, it } from 'vitest';
import type { UserEvent } from '@crm/contracts';
import { userDecider } from '../../src/identity/user.decider.ts';
import { deciderSpec } from '../support/given-when-then.ts';

const now = new Date('2026-11-21T08:00:00.000Z');
const at = now.toISOString();
const userId = '0b6f7a52-2c1d-4e3f-9a8b-1c2d3e4f5a6b';
const spec = deciderSpec(userDecider, { now, userId, metadata: { correlationId: 't' } });

const registered: UserEvent = { type: 'UserRegistered', data: { userId, name: 'Ada Lovelace', email: 'ada@example.com', registeredAt: at } };
const approved: UserEvent = { type: 'UserApproved', data: { userId, by: null, at } };
const renamed: UserEvent = {
  type: 'UserProfileUpdated',
  data: { userId, name: 'Ada King', email: 'ada@example.com', previousEmail: 'ada@example.com', at },
};

describe('user decider: UpdateProfile', () => {
  const update = (name: string, email: string) => ({ type: 'UpdateProfile' as const, userId, name, email });

  it('records a new name with the e-mail unchanged', () => spec.given([registered, approved]).when(update('Ada King', 'ada@example.com')).then([renamed]));

  it('records a new e-mail with the previous one', () =>
    spec
      .given([registered])
      .when(update('Ada Lovelace', 'countess@example.com'))
      .then([{ type: 'UserProfileUpdated', data: { userId, name: 'Ada Lovelace', email: 'countess@example.com', previousEmail: 'ada@example.com', at } }]));

  it('takes the previous e-mail from the latest profile event', () =>
    spec
      .given([
        registered,
        { type: 'UserProfileUpdated', data: { userId, name: 'Ada Lovelace', email: 'second@example.com', previousEmail: 'ada@example.com', at } },
      ])
      .when(update('Ada Lovelace', 'third@example.com'))
      .then([{ type: 'UserProfileUpdated', data: { userId, name: 'Ada Lovelace', email: 'third@example.com', previousEmail: 'second@example.com', at } }]));

  it('decides nothing when name and e-mail are what they already are', () => spec.given([registered, approved]).when(update('Ada Lovelace', 'ada@example.com')).then([]));

  it('decides nothing after an update to the same values', () => spec.given([registered, renamed]).when(update('Ada King', 'ada@example.com')).then([]));

  it('treats a change of letter case in the e-mail as a change (the stored address is what the user typed)', () =>
    spec
      .given([registered])
      .when(update('Ada Lovelace', 'Ada@example.com'))
      .then([{ type: 'UserProfileUpdated', data: { userId, name: 'Ada Lovelace', email: 'Ada@example.com', previousEmail: 'ada@example.com', at } }]));

  it('refuses an unknown user', () => spec.given([]).when(update('Nobody', 'nobody@example.com')).thenThrows('user_not_found'));
});

describe('user decider: ChangePassword', () => {
  it("records the change (never the hash) via 'change'", () =>
    spec
      .given([registered, approved])
      .when({ type: 'ChangePassword', userId })
      .then([{ type: 'UserPasswordChanged', data: { userId, via: 'change', at } }]));

  it('records every change, also a second one', () =>
    spec
      .given([registered, { type: 'UserPasswordChanged', data: { userId, via: 'change', at } }])
      .when({ type: 'ChangePassword', userId })
      .then([{ type: 'UserPasswordChanged', data: { userId, via: 'change', at } }]));

  it('refuses an unknown user', () => spec.given([]).when({ type: 'ChangePassword', userId }).thenThrows('user_not_found'));
});
