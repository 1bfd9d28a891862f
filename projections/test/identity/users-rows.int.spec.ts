/**
 * The users read model row by row: given user events, then these rows (projection-spec.ts: the real
 * projection on a real PostgreSQL, all events in one batch and one event per batch).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, it } from 'vitest';
import { type UserEvent, userStreamId } from '@crm/contracts';
import { usersProjection } from '../../src/identity/users.projection.ts';
import { type SpecEvent, projectionSpec } from '../support/projection-spec.ts';

const spec = projectionSpec(usersProjection);
afterAll(() => spec.close());

const day = (n: number) => new Date(Date.parse('2030-06-15T12:00:00.000Z') + n * 86_400_000).toISOString();

/** A user event in the user's stream (typed by the contract). */
const ev = (e: UserEvent): SpecEvent => ({ streamId: userStreamId(e.data.userId), type: e.type, data: e.data });
const created = (userId: string, f: { name: string; email: string; userType: 'admin' | 'manager' | 'user'; isApproved?: boolean; isActive?: boolean; at: string }) =>
  ev({
    type: 'UserCreated',
    data: { userId, name: f.name, email: f.email, userType: f.userType, isApproved: f.isApproved ?? true, isActive: f.isActive ?? true, createdAt: f.at },
  });
const registered = (userId: string, name: string, email: string, at: string) => ev({ type: 'UserRegistered', data: { userId, name, email, registeredAt: at } });
const change = (type: 'UserApproved' | 'UserApprovalRevoked' | 'UserActivated' | 'UserDeactivated', userId: string, at: string) =>
  ev({ type, data: { userId, by: null, at } });

describe('users projection: given events, then rows', () => {
  it('a created account is one row with its given type, approval and activity; updated_at = created_at', async () => {
    const id = randomUUID();
    await spec.given(created(id, { name: 'Ada Admin', email: 'Ada@Corp.test', userType: 'admin', isApproved: true, isActive: false, at: day(0) })).then([
      {
        id,
        name: 'Ada Admin',
        email: 'Ada@Corp.test',
        user_type: 'admin',
        is_approved: true,
        is_active: false,
        created_at: day(0),
        updated_at: day(0),
        search: 'ada admin ada@corp.test',
      },
    ]);
  });

  it('a registered account is a user, pending approval, active', async () => {
    const id = randomUUID();
    await spec
      .given(registered(id, 'bob stone', 'bob@mail.test', day(1)))
      .then([{ id, user_type: 'user', is_approved: false, is_active: true, created_at: day(1), updated_at: day(1), search: 'bob stone bob@mail.test' }]);
  });

  it('every change sets its field and updated_at; the last value of each field wins', async () => {
    const id = randomUUID();
    await spec
      .given(registered(id, 'Dee', 'dee@mail.test', day(0)), change('UserApproved', id, day(1)))
      .when(
        change('UserApprovalRevoked', id, day(2)),
        ev({ type: 'UserTypeChanged', data: { userId: id, from: 'user', to: 'manager', by: null, at: day(3) } }),
        change('UserDeactivated', id, day(4)),
        change('UserActivated', id, day(5)),
      )
      .then([{ id, user_type: 'manager', is_approved: false, is_active: true, created_at: day(0), updated_at: day(5) }]);
  });

  it('a profile update renames and re-addresses the account, and its search text follows; the rest stays', async () => {
    const id = randomUUID();
    await spec
      .given(created(id, { name: 'Max Manager', email: 'max@corp.test', userType: 'manager', at: day(0) }), change('UserDeactivated', id, day(1)))
      .when(ev({ type: 'UserProfileUpdated', data: { userId: id, name: 'Maxime 50%_Manager', email: 'MAXIME@corp.test', previousEmail: 'max@corp.test', at: day(2) } }))
      .then([
        {
          id,
          name: 'Maxime 50%_Manager',
          email: 'MAXIME@corp.test',
          search: 'maxime 50%_manager maxime@corp.test',
          user_type: 'manager',
          is_approved: true,
          is_active: false,
          updated_at: day(2),
        },
      ]);
  });

  it('changes in one batch to two accounts stay apart', async () => {
    const a = randomUUID();
    const b = randomUUID();
    await spec
      .given(created(a, { name: 'A', email: 'a@x.test', userType: 'user', at: day(0) }), registered(b, 'B', 'b@x.test', day(0)))
      .when(change('UserDeactivated', a, day(1)), change('UserApproved', b, day(2)))
      .then([
        { id: a, is_approved: true, is_active: false, updated_at: day(1) },
        { id: b, is_approved: true, is_active: true, updated_at: day(2) },
      ]);
  });

  it('password events change nothing, a replayed creation changes nothing, a change to an unknown account makes no row', async () => {
    const id = randomUUID();
    await spec
      .given(created(id, { name: 'Cy', email: 'cy@mail.test', userType: 'user', at: day(0) }))
      .when(
        ev({ type: 'UserPasswordChanged', data: { userId: id, via: 'change', at: day(1) } }),
        created(id, { name: 'Cy again', email: 'cy2@mail.test', userType: 'admin', at: day(2) }),
        change('UserDeactivated', randomUUID(), day(3)),
      )
      .then([{ id, name: 'Cy', user_type: 'user', updated_at: day(0) }]);
  });
});
