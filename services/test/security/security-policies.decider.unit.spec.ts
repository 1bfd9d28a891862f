import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import type { SecurityPolicyEvent } from '@crm/contracts';
import { securityPoliciesDecider } from '../../src/security/policies/security-policies.decider.ts';
import { allowListMatcher, normalizeAllowListEntry } from '../../src/security/policies/ip-allow-list.ts';
import { assertPasswordAllowed, isCommonPassword, passwordProblem } from '../../src/security/policies/password-policy.ts';
import { deciderSpec } from '../support/given-when-then.ts';

const now = new Date('2030-03-01T10:00:00.000Z');
const at = now.toISOString();
const admin = 'a3c1b2d4-0000-4000-8000-000000000001';
const spec = deciderSpec(securityPoliciesDecider, { now, userId: admin, metadata: { correlationId: 'test' } });
const anonymous = deciderSpec(securityPoliciesDecider, { now, userId: null, metadata: { correlationId: 'test' } });
const earlier = '2030-02-01T10:00:00.000Z';

const passwordSaved = (minLength: number, refuseCommon = true): SecurityPolicyEvent => ({
  type: 'PasswordPolicyUpdated',
  data: { minLength, refuseCommon, by: admin, at: earlier },
});
const allowListSaved = (enabled: boolean, entries: string[]): SecurityPolicyEvent => ({
  type: 'AdminIpAllowListUpdated',
  data: { enabled, entries, by: admin, at: earlier },
});

describe('security policies decider', () => {
  it('records a password policy with who and when', () => {
    spec
      .given([])
      .when({ type: 'UpdatePasswordPolicy', policy: { minLength: 12, refuseCommon: true } })
      .then([{ type: 'PasswordPolicyUpdated', data: { minLength: 12, refuseCommon: true, by: admin, at } }]);
  });

  it('records nothing when a policy is saved unchanged', () => {
    spec.given([passwordSaved(12)]).when({ type: 'UpdatePasswordPolicy', policy: { minLength: 12, refuseCommon: true } }).then([]);
  });

  it('records a change of a saved policy', () => {
    spec
      .given([passwordSaved(12)])
      .when({ type: 'UpdatePasswordPolicy', policy: { minLength: 16, refuseCommon: true } })
      .then([{ type: 'PasswordPolicyUpdated', data: { minLength: 16, refuseCommon: true, by: admin, at } }]);
  });

  it('records session timeouts', () => {
    spec
      .given([passwordSaved(12)])
      .when({ type: 'UpdateSessionPolicy', policy: { idleMinutes: 15, absoluteHours: 8 } })
      .then([{ type: 'SessionPolicyUpdated', data: { idleMinutes: 15, absoluteHours: 8, by: admin, at } }]);
  });

  it('records the roles that need MFA once each, in the roles order', () => {
    spec
      .given([])
      .when({ type: 'UpdateMfaPolicy', policy: { requiredRoles: ['manager', 'admin'] } })
      .then([{ type: 'MfaPolicyUpdated', data: { requiredRoles: ['admin', 'manager'], by: admin, at } }]);
  });

  it('records an allow list in one spelling (mapped IPv4, compressed IPv6, ranges), each entry once', () => {
    spec
      .given([])
      .when({
        type: 'UpdateAdminIpAllowList',
        policy: { enabled: true, entries: ['::ffff:127.0.0.1', '10.0.0.0/8', '2001:DB8:0::1', '127.0.0.1', ' 2001:db8::/32 '] },
        requesterIp: '127.0.0.1',
      })
      .then([{ type: 'AdminIpAllowListUpdated', data: { enabled: true, entries: ['127.0.0.1', '10.0.0.0/8', '2001:db8::1', '2001:db8::/32'], by: admin, at } }]);
  });

  it('refuses an enabled list that leaves out the address saving it (the self-lockout guard)', () => {
    spec
      .given([])
      .when({ type: 'UpdateAdminIpAllowList', policy: { enabled: true, entries: ['10.0.0.0/8'] }, requesterIp: '203.0.113.7' })
      .thenThrows('allow_list_excludes_you');
    spec
      .given([])
      .when({ type: 'UpdateAdminIpAllowList', policy: { enabled: true, entries: ['10.0.0.0/8'] }, requesterIp: null })
      .thenThrows('allow_list_excludes_you');
  });

  it('accepts a list whose range holds the saving address, IPv6 included', () => {
    spec
      .given([])
      .when({ type: 'UpdateAdminIpAllowList', policy: { enabled: true, entries: ['2001:db8::/32'] }, requesterIp: '2001:db8:0:1::5' })
      .then([{ type: 'AdminIpAllowListUpdated', data: { enabled: true, entries: ['2001:db8::/32'], by: admin, at } }]);
  });

  it('lets a disabled list leave anyone out (nothing is enforced), and disables an enabled one', () => {
    spec
      .given([allowListSaved(true, ['127.0.0.1'])])
      .when({ type: 'UpdateAdminIpAllowList', policy: { enabled: false, entries: ['10.0.0.0/8'] }, requesterIp: '203.0.113.7' })
      .then([{ type: 'AdminIpAllowListUpdated', data: { enabled: false, entries: ['10.0.0.0/8'], by: admin, at } }]);
  });

  it('refuses an enabled list with no entry, and entries that are neither address nor range', () => {
    spec.given([]).when({ type: 'UpdateAdminIpAllowList', policy: { enabled: true, entries: [] }, requesterIp: '127.0.0.1' }).thenThrows('allow_list_empty');
    for (const entry of ['example.com', '10.0.0.0/33', '2001:db8::/129', '10.0.0.1/x', 'fe80::1%eth0', '300.1.1.1']) {
      spec.given([]).when({ type: 'UpdateAdminIpAllowList', policy: { enabled: false, entries: [entry] }, requesterIp: '127.0.0.1' }).thenThrows('invalid_allow_list_entry');
    }
  });

  it('refuses a change without an acting administrator', () => {
    anonymous.given([]).when({ type: 'UpdateSessionPolicy', policy: { idleMinutes: 15, absoluteHours: 8 } }).thenThrows('policy_actor_required');
  });
});

describe('allow-list matching', () => {
  it('matches addresses and ranges in any spelling', () => {
    const allowed = allowListMatcher(['10.0.0.0/8', '2001:db8::/32', '192.0.2.7']);
    expect(allowed('10.20.30.40')).toBe(true);
    expect(allowed('::ffff:10.1.2.3')).toBe(true);
    expect(allowed('2001:DB8::abcd')).toBe(true);
    expect(allowed('192.0.2.7')).toBe(true);
    expect(allowed('192.0.2.8')).toBe(false);
    expect(allowed('11.0.0.1')).toBe(false);
    expect(allowed(null)).toBe(false);
    expect(allowed('not an address')).toBe(false);
  });

  it('normalises entries and refuses the rest', () => {
    expect(normalizeAllowListEntry('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(normalizeAllowListEntry('2001:DB8:0:0::/48')).toBe('2001:db8::/48');
    expect(normalizeAllowListEntry('10.0.0.0/0')).toBe('10.0.0.0/0');
    expect(normalizeAllowListEntry('10.0.0.0/')).toBeNull();
    expect(normalizeAllowListEntry('')).toBeNull();
  });
});

describe('password policy (NIST SP 800-63B: a length and a blocklist, no composition rules)', () => {
  const policy = { minLength: 8, refuseCommon: true };

  it('refuses passwords from the common-password list, whatever their case', () => {
    for (const p of ['password123', 'PASSWORD123', 'qwertyuiop', 'iloveyou1', '12345678']) expect(passwordProblem(p, policy)).toEqual({ kind: 'common' });
    expect(isCommonPassword('correct-horse-battery-staple')).toBe(false);
  });

  it('accepts a long passphrase of lower-case letters only (no composition rules)', () => {
    expect(passwordProblem('purple monkey dishwasher', policy)).toBeNull();
  });

  it('refuses what is shorter than the minimum, counted in characters', () => {
    expect(passwordProblem('a-good-pass', { minLength: 12, refuseCommon: true })).toEqual({ kind: 'tooShort', limit: 12 });
    expect(passwordProblem('ééééééééééé', { minLength: 12, refuseCommon: true })).toEqual({ kind: 'tooShort', limit: 12 });
    expect(passwordProblem('a-good-passw', { minLength: 12, refuseCommon: true })).toBeNull();
  });

  it('lets a common password through when the list is turned off', () => {
    expect(passwordProblem('password123', { minLength: 8, refuseCommon: false })).toBeNull();
  });

  it('throws a ZodError naming the field', () => {
    let error: unknown = null;
    try {
      assertPasswordAllowed('password123', policy, 'newPassword');
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ZodError);
    expect((error as ZodError).issues[0]).toMatchObject({ path: ['newPassword'], message: expect.stringContaining('too common') });
  });
});
