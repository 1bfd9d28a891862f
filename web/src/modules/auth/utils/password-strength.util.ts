/**
 * The reset page's strength meter and checklist (spec 01 §5): one point each for length ≥ 8, length ≥ 12,
 * mixed case, a digit and a special character; a score of 2 or less is Weak (33%), 3 is Medium (66%),
 * 4 or 5 is Strong (100%). A hint for the person, not a rule: the server only requires 8 characters.
 */
export const PASSWORD_MIN_LENGTH = 8;

export const PASSWORD_CHECKS = ['length8', 'length12', 'mixedCase', 'digit', 'special'] as const;
export type PasswordCheck = (typeof PASSWORD_CHECKS)[number];
export type StrengthLevel = 'weak' | 'medium' | 'strong';

export interface PasswordStrength {
  score: number;
  level: StrengthLevel;
  /** Width of the meter, in percent. */
  percent: 33 | 66 | 100;
  checks: Record<PasswordCheck, boolean>;
}

export function passwordStrength(password: string): PasswordStrength {
  const checks: Record<PasswordCheck, boolean> = {
    length8: password.length >= 8,
    length12: password.length >= 12,
    mixedCase: /\p{Ll}/u.test(password) && /\p{Lu}/u.test(password),
    digit: /\p{Nd}/u.test(password),
    special: /[^\p{L}\p{N}\s]/u.test(password),
  };
  const score = PASSWORD_CHECKS.filter((c) => checks[c]).length;
  if (score <= 2) return { score, level: 'weak', percent: 33, checks };
  if (score === 3) return { score, level: 'medium', percent: 66, checks };
  return { score, level: 'strong', percent: 100, checks };
}
