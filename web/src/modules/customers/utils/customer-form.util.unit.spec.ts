import { customerCreateInput } from '@crm/contracts/customers/customer.input';
import { describe, expect, it } from 'vitest';
import { customerFormProblems, customerPayload, EMPTY_CUSTOMER_FORM, joinAddressLine, parseTags, splitAddressLine } from './customer-form.util.ts';

describe('customer form', () => {
  it('splits the one-box address on ", " into address, city and country (spec 02 §2)', () => {
    expect(splitAddressLine('12 Main St, Lyon, France')).toEqual({ address: '12 Main St', city: 'Lyon', country: 'France' });
    expect(splitAddressLine('Suite 4, 12 Main St, Lyon, France')).toEqual({ address: 'Suite 4, 12 Main St', city: 'Lyon', country: 'France' });
    expect(splitAddressLine('12 Main St, Lyon')).toEqual({ address: '12 Main St', city: 'Lyon', country: '' });
    expect(splitAddressLine('شارع الملك فهد 5، الرياض، السعودية')).toEqual({ address: 'شارع الملك فهد 5', city: 'الرياض', country: 'السعودية' });
    expect(splitAddressLine('')).toEqual({ address: '', city: '', country: '' });
    expect(joinAddressLine({ address: '12 Main St', city: null, country: 'France' })).toBe('12 Main St, France');
  });

  it('checks what the server checks: name required, e-mail format, phone, score 0–100, lengths, tags', () => {
    expect(customerFormProblems(EMPTY_CUSTOMER_FORM)).toEqual({ name: { kind: 'required' } });
    const bad = { ...EMPTY_CUSTOMER_FORM, name: 'A', email: 'nope', phone: 'call me', leadScore: '101', company: 'x'.repeat(201), tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(',') };
    expect(customerFormProblems(bad)).toEqual({
      email: { kind: 'email' },
      phone: { kind: 'phone' },
      leadScore: { kind: 'score' },
      company: { kind: 'tooLong', max: 200 },
      tags: { kind: 'tooManyTags', max: 20 },
    });
    expect(customerFormProblems({ ...EMPTY_CUSTOMER_FORM, leadScore: '7.5', name: 'A' })).toEqual({ leadScore: { kind: 'score' } });
  });

  it('a form the client accepts is accepted by the server schema as is', () => {
    const values = { ...EMPTY_CUSTOMER_FORM, name: ' Ada ', email: 'ADA@Example.com', phone: '+44 (20) 7946-0000', leadScore: '85', tags: 'vip, math, vip', industry: 'Finance' as const, leadSource: 'referral' as const };
    expect(customerFormProblems(values)).toEqual({});
    const payload = customerPayload(values);
    expect(payload).toMatchObject({ name: 'Ada', email: 'ADA@Example.com', leadScore: 85, tags: ['vip', 'math'], company: null, assignedTo: null });
    expect(customerCreateInput.safeParse(payload).success).toBe(true);
    expect(parseTags(' a ,, b ,a')).toEqual(['a', 'b']);
  });
});
