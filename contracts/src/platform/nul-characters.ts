import { ZodRealError, type ZodError } from 'zod';
import { FORMAT_ISSUE } from './field-issues.ts';

export const NUL_CHARACTER_MESSAGE = 'must not contain NUL characters';
export const LONE_SURROGATE_MESSAGE = 'must be valid Unicode text (it holds a lone surrogate, such as an unpaired \\ud800 escape)';

/** A UTF-16 surrogate without its partner: JSON can carry one as an escape, but it is no Unicode character. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why PostgreSQL could not store this string (text or jsonb), or null when it can. */
export function unstorableTextProblem(value: string): string | null {
  if (value.includes('\u0000')) return NUL_CHARACTER_MESSAGE;
  if (LONE_SURROGATE.test(value)) return LONE_SURROGATE_MESSAGE;
  return null;
}

/**
 * Strings PostgreSQL cannot store would fail deep in a command or a query (a 500): U+0000, which neither text
 * nor jsonb holds, and lone UTF-16 surrogates (`"\ud800"` in JSON), which jsonb refuses ("unsupported Unicode
 * escape sequence") and text would silently turn into U+FFFD. The edge refuses them instead, naming the field:
 * a ZodError with one issue per string (or key) that holds one, or null. Walks parsed JSON, a parsed query or
 * URL parameters iteratively (no recursion limit to hit), and only plain objects and arrays: a streamed
 * upload's body (a stream, full of cycles) is not data to walk.
 */
export function unstorableTextError(input: unknown): ZodError | null {
  const issues: ConstructorParameters<typeof ZodRealError>[0] = [];
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = unstorableTextProblem(value);
      if (problem) issues.push({ code: 'custom', path, message: problem, params: FORMAT_ISSUE, input: value });
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, path: [...path, index] }));
    } else if (isPlainObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        const problem = unstorableTextProblem(key);
        // The key itself cannot be named as it is: the issue sits on the object holding it.
        if (problem) issues.push({ code: 'custom', path, message: `keys ${problem}`, params: FORMAT_ISSUE, input: key });
        else stack.push({ value: item, path: [...path, key] });
      }
    }
  }
  // ZodRealError: the ZodError that is also an Error (as parse throws), so tRPC keeps it as the cause.
  return issues.length > 0 ? new ZodRealError(issues) : null;
}

/** @deprecated the same check under its first name (it refused U+0000 only): use unstorableTextError. */
export const nulCharacterError = unstorableTextError;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
