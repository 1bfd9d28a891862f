import { describe, expect, it } from 'vitest';
import { userRowPermissions } from './user-permissions.util.ts';

const admin = { id: 'a', userType: 'admin' as const };
const manager = { id: 'm', userType: 'manager' as const };
const user = { id: 'u', userType: 'user' as const };
const target = (userType: 'admin' | 'manager' | 'user') => ({ id: `t-${userType}`, userType });

describe('what the Users tab shows per row', () => {
  it('an admin moderates and retypes every other account', () => {
    for (const type of ['admin', 'manager', 'user'] as const) expect(userRowPermissions(admin, target(type))).toEqual({ moderate: true, changeType: true });
  });
  it('a manager moderates user accounts only and never retypes', () => {
    expect(userRowPermissions(manager, target('user'))).toEqual({ moderate: true, changeType: false });
    expect(userRowPermissions(manager, target('manager'))).toEqual({ moderate: false, changeType: false });
    expect(userRowPermissions(manager, target('admin'))).toEqual({ moderate: false, changeType: false });
  });
  it('nobody acts on their own row', () => {
    expect(userRowPermissions(admin, admin)).toEqual({ moderate: false, changeType: false });
    expect(userRowPermissions(manager, { id: 'm', userType: 'manager' })).toEqual({ moderate: false, changeType: false });
  });
  it('a plain user can do nothing', () => {
    expect(userRowPermissions(user, target('user'))).toEqual({ moderate: false, changeType: false });
  });
});
