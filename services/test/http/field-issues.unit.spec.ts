/**
 * The translatable form of bad input (contracts/src/platform/field-issues.ts): each zod issue becomes a kind and,
 * for the size checks, its bound; the app turns those into the reader's language.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FORMAT_ISSUE, fieldIssues } from '@crm/contracts';

const issuesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the input to be refused');
  return fieldIssues(result.error);
};

describe('fieldIssues', () => {
  const schema = z.object({
    name: z.string().min(1, 'is required'),
    code: z.string().min(3).max(5),
    score: z.number().min(0).max(100),
    tags: z.array(z.string()).min(1).max(2),
    status: z.enum(['lead', 'customer']),
    email: z.email(),
    phone: z.string().refine((v) => /^\+?\d+$/.test(v), { message: 'must be a phone number', params: FORMAT_ISSUE }),
    vat: z.string().refine((v) => v.startsWith('FR'), 'must be French'),
    count: z.number(),
    address: z.object({ city: z.string().max(2) }),
  });

  it('names the kind of each problem, with the bound of size checks, per field path', () => {
    const issues = issuesOf(schema, {
      name: '',
      code: 'ab',
      score: 101,
      tags: ['a', 'b', 'c'],
      status: 'friend',
      email: 'nope',
      phone: 'call me',
      vat: 'DE1',
      count: 'three',
      address: { city: 'Paris' },
    });
    expect(issues).toEqual({
      name: [{ kind: 'required' }],
      code: [{ kind: 'tooShort', limit: 3 }],
      score: [{ kind: 'tooBig', limit: 100 }],
      tags: [{ kind: 'tooMany', limit: 2 }],
      status: [{ kind: 'choice' }],
      email: [{ kind: 'format' }],
      phone: [{ kind: 'format' }],
      vat: [{ kind: 'invalid' }],
      count: [{ kind: 'invalid' }],
      'address.city': [{ kind: 'tooLong', limit: 2 }],
    });
  });

  it('tells the lower bounds apart by what they bound, and files whole-input problems under _', () => {
    expect(issuesOf(schema.pick({ code: true, score: true, tags: true }), { code: 'abcdef', score: -1, tags: [] })).toEqual({
      code: [{ kind: 'tooLong', limit: 5 }],
      score: [{ kind: 'tooSmall', limit: 0 }],
      tags: [{ kind: 'tooFew', limit: 1 }],
    });
    expect(issuesOf(z.string(), 42)).toEqual({ _: [{ kind: 'invalid' }] });
  });
});
