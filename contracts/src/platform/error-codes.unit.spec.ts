import { describe, expect, expectTypeOf, it } from 'vitest';
import { CUSTOMER_ERRORS } from '../customers/customer.errors.ts';
import { BOOKING_ERRORS } from '../bookings/booking.errors.ts';
import { CRM_ERRORS } from '../crm/crm.errors.ts';
import { IDENTITY_ERRORS } from '../identity/identity.errors.ts';
import { SECURITY_ERRORS } from '../security/security.errors.ts';
import { DomainError, defineDomainErrors, domainError, errorMessage } from './domain-error.ts';
import { DOMAIN_ERRORS, ERROR_CODES, errorDefinition, isErrorCode, type ErrorCode } from './error-codes.ts';

describe('ERROR_CODES', () => {
  it('lists every domain’s codes, and no code in two domains', () => {
    const owners = new Map<string, string[]>();
    for (const [domain, codes] of Object.entries(ERROR_CODES)) for (const code of codes) owners.set(code, [...(owners.get(code) ?? []), domain]);
    const duplicates = [...owners].filter(([, domains]) => domains.length > 1);
    expect(duplicates).toEqual([]);
    expect(owners.size).toBeGreaterThan(50);
  });

  it('keys every definition by its own code, in snake_case, with a kind and a message', () => {
    for (const [domain, defs] of Object.entries(DOMAIN_ERRORS)) {
      expect(Object.keys(defs), domain).toEqual(ERROR_CODES[domain as keyof typeof ERROR_CODES]);
      for (const [key, def] of Object.entries(defs)) {
        expect(def.code, `${domain}.${key}`).toBe(key);
        expect(key).toMatch(/^[a-z]+(_[a-z]+)*$/);
        expect(['conflict', 'unprocessable', 'not_found', 'forbidden', 'too_many_requests']).toContain(def.kind);
        expect(typeof def.message === 'string' ? def.message : 'template').not.toBe('');
      }
    }
  });

  it('knows its codes', () => {
    expect(isErrorCode('customer_not_found')).toBe(true);
    expect(isErrorCode('nonsense')).toBe(false);
    expect(isErrorCode(null)).toBe(false);
    expect(errorDefinition('deal_not_found')?.kind).toBe('not_found');
    expectTypeOf<'login_throttled'>().toExtend<ErrorCode>();
    expectTypeOf<'task_exists'>().toExtend<ErrorCode>();
  });
});

describe('domainError', () => {
  it('builds the DomainError the definition describes (code, message, kind)', () => {
    const error = domainError(CUSTOMER_ERRORS.customer_not_found);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toBeInstanceOf(Error);
    expect({ name: error.name, code: error.code, message: error.message, kind: error.kind }).toEqual({
      name: 'DomainError',
      code: 'customer_not_found',
      message: 'Customer not found',
      kind: 'not_found',
    });
    expect(DomainError.of(CUSTOMER_ERRORS.customer_not_found)).toEqual(error);
  });

  it('answers a refusal differently where the rule says so (kind), keeping code and message', () => {
    const error = domainError(CUSTOMER_ERRORS.customer_not_found, { kind: 'unprocessable' });
    expect([error.code, error.message, error.kind]).toEqual(['customer_not_found', 'Customer not found', 'unprocessable']);
  });

  it('fills message templates with their values', () => {
    expect(domainError(BOOKING_ERRORS.booking_not_pending, { status: 'cancelled' }).message).toBe(
      'Only a pending booking can be confirmed; this one is cancelled',
    );
    expect(domainError(CRM_ERRORS.assign_forbidden, { records: 'deals' }).message).toBe('You can only assign deals to yourself');
    expect(domainError(IDENTITY_ERRORS.forbidden).message).toBe('You do not have permission to do this');
    expect(domainError(IDENTITY_ERRORS.forbidden, { rule: 'admin_changes_account_types' }).message).toBe('Only an admin can change account types');
    expect(errorMessage(SECURITY_ERRORS.login_throttled, { seconds: 30 })).toBe('Too many failed login attempts. Try again in 30 seconds.');
    expect(errorMessage(SECURITY_ERRORS.login_throttled, { seconds: 5, failures: 'passwords' })).toBe('Too many wrong passwords. Try again in 5 seconds.');
  });

  it('is typed: literal codes, template values required, throttles not thrown as DomainError', () => {
    const defs = defineDomainErrors({ thing_missing: { kind: 'not_found', message: 'Missing' } });
    expectTypeOf(defs.thing_missing.code).toEqualTypeOf<'thing_missing'>();
    expectTypeOf(CUSTOMER_ERRORS.customer_deleted.code).toEqualTypeOf<'customer_deleted'>();
    // @ts-expect-error a template needs its values
    expect(() => domainError(BOOKING_ERRORS.booking_not_pending)).toThrow();
    // @ts-expect-error a throttle is a TooManyRequestsError (429), not a DomainError
    domainError(SECURITY_ERRORS.rate_limited, { seconds: 1 });
  });
});
