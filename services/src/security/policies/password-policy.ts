import { dictionary } from '@zxcvbn-ts/language-common';
import { z } from 'zod';
import { COMMON_PASSWORD_ISSUE, type PasswordPolicy } from '@crm/contracts';

/**
 * The common-password list the password policy refuses: zxcvbn-ts's `passwords-common` dictionary (about
 * 49,000 passwords seen most often in breaches), compared without regard to case. Built on first use.
 */
let common: Set<string> | null = null;
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

/** What is wrong with a password under a policy (NIST SP 800-63B: a length and a blocklist, no composition rules). */
export type PasswordProblem = { kind: 'tooShort'; limit: number } | { kind: 'common' };

export function passwordProblem(password: string, policy: PasswordPolicy): PasswordProblem | null {
  // Length in characters as people count them (code points), as the zod inputs' own minimum does not.
  if ([...password].length < policy.minLength) return { kind: 'tooShort', limit: policy.minLength };
  if (policy.refuseCommon && isCommonPassword(password)) return { kind: 'common' };
  return null;
}

/** The English text of a problem (the field's message in a 400). */
export const PASSWORD_PROBLEM_MESSAGES = {
  tooShort: (limit: number) => `must be at least ${limit} characters`,
  common: 'is too common: it is on a list of passwords used most often; choose another',
} as const;

/**
 * Throws a ZodError naming `field` when the password breaks the policy: the edge answers 400 with the field's
 * message (`fieldErrors`) and its translatable issue (`tooShort` with its limit, or `commonPassword`).
 * The error comes from parsing a one-field schema, as every other input error does.
 */
export function assertPasswordAllowed(password: string, policy: PasswordPolicy, field: string): void {
  const problem = passwordProblem(password, policy);
  if (!problem) return;
  const check = z.string().superRefine((_value, ctx) => {
    if (problem.kind === 'tooShort') {
      ctx.addIssue({ code: 'too_small', origin: 'string', minimum: problem.limit, inclusive: true, message: PASSWORD_PROBLEM_MESSAGES.tooShort(problem.limit) });
    } else {
      ctx.addIssue({ code: 'custom', message: PASSWORD_PROBLEM_MESSAGES.common, params: COMMON_PASSWORD_ISSUE });
    }
  });
  z.object({ [field]: check }).parse({ [field]: password });
}
