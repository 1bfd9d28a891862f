import type { ZodError } from 'zod';

/**
 * What is wrong with one field, in a form any screen can translate: the kind of problem and its bound. The
 * server sends these beside its English messages (`fieldErrors`), so the app can say it in the reader's
 * language.
 */
export const FIELD_ISSUE_KINDS = ['required', 'tooShort', 'tooLong', 'tooSmall', 'tooBig', 'tooFew', 'tooMany', 'format', 'choice', 'invalid', 'commonPassword'] as const;

export interface FieldIssue {
  kind: (typeof FIELD_ISSUE_KINDS)[number];
  /** The bound for the too… kinds (characters, a number, or items). */
  limit?: number;
}

/** For a custom check (`.refine`), the kind it reports: `.refine(ok, { message, params: FORMAT_ISSUE })`. */
export const FORMAT_ISSUE = { issue: 'format' } as const;
/** A password on the common-password list (the password policy): `params: COMMON_PASSWORD_ISSUE`. */
export const COMMON_PASSWORD_ISSUE = { issue: 'commonPassword' } as const;

/** Issues per field path (`a.b`; `_` for the input as a whole). */
export type FieldIssues = Record<string, FieldIssue[]>;

type BoundIssue = { origin?: string; minimum?: number | bigint; maximum?: number | bigint };

function bounded(issue: BoundIssue, bound: 'min' | 'max'): FieldIssue {
  const limit = Number(bound === 'min' ? issue.minimum : issue.maximum);
  const kinds = {
    string: bound === 'min' ? 'tooShort' : 'tooLong',
    array: bound === 'min' ? 'tooFew' : 'tooMany',
    set: bound === 'min' ? 'tooFew' : 'tooMany',
  } as const;
  const kind = kinds[issue.origin as keyof typeof kinds] ?? (bound === 'min' ? 'tooSmall' : 'tooBig');
  if (kind === 'tooShort' && limit === 1) return { kind: 'required' };
  return Number.isFinite(limit) ? { kind, limit } : { kind: 'invalid' };
}

const customKind = (issue: unknown): FieldIssue['kind'] => (issue === 'format' ? 'format' : issue === 'commonPassword' ? 'commonPassword' : 'invalid');

/** The translatable issues of a zod error, per field. */
export function fieldIssues(error: ZodError): FieldIssues {
  const out: FieldIssues = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    let described: FieldIssue;
    switch (issue.code) {
      case 'too_small':
        described = bounded(issue as BoundIssue, 'min');
        break;
      case 'too_big':
        described = bounded(issue as BoundIssue, 'max');
        break;
      case 'invalid_format':
        described = { kind: 'format' };
        break;
      case 'invalid_value':
        described = { kind: 'choice' };
        break;
      case 'custom':
        described = { kind: customKind((issue.params as { issue?: unknown } | undefined)?.issue) };
        break;
      default:
        described = { kind: 'invalid' };
    }
    (out[key] ??= []).push(described);
  }
  return out;
}

/** Field errors from a zod error, in English: `{ "email": ["must be a valid e-mail address"] }` (`_`: the input as a whole). */
export function fieldErrors(error: ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** `email must be …; name is required`: the field errors as one sentence (the `message` of a 400). */
export function describeFieldErrors(errors: Record<string, string[]>): string {
  return Object.entries(errors)
    .map(([field, messages]) => `${field} ${messages.join(', ')}`)
    .join('; ');
}
