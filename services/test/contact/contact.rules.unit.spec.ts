import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONTACT_LIMITS, EMAIL_PATTERN, contactFormProblems, contactSendInput } from '@crm/contracts';

const valid = { name: 'Ada', email: 'ada@example.com', subject: 'support', message: 'Hello' };

describe('contact rules (shared by the web form and the server)', () => {
  it("uses zod's own e-mail pattern, so the browser and the server agree", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
  });

  it.each([
    ['name', { name: '  ' }, 'required'],
    ['name', { name: 'x'.repeat(CONTACT_LIMITS.name + 1) }, 'tooLong'],
    ['email', { email: '' }, 'required'],
    ['email', { email: 'ada@' }, 'email'],
    ['email', { email: `${'a'.repeat(250)}@example.com` }, 'tooLong'],
    ['subject', { subject: '' }, 'required'],
    ['subject', { subject: 'lunch' }, 'subject'],
    ['message', { message: '' }, 'required'],
    ['message', { message: 'x'.repeat(CONTACT_LIMITS.message + 1) }, 'tooLong'],
  ] as const)('the form and the server both refuse a bad %s', (field, patch, problem) => {
    const values = { ...valid, ...patch };
    expect(contactFormProblems(values)).toEqual({ [field]: problem });
    const parsed = contactSendInput.safeParse(values);
    expect(parsed.success).toBe(false);
    expect([...new Set(parsed.error?.issues.map((i) => i.path[0]))]).toEqual([field]);
  });

  it('accepts a complete form on both sides (trimmed, English by default)', () => {
    expect(contactFormProblems({ ...valid, name: ' Ada ' })).toEqual({});
    expect(contactSendInput.parse({ ...valid, name: ' Ada ' })).toEqual({ ...valid, locale: 'en' });
  });
});
