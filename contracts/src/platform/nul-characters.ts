import { ZodRealError, type ZodError } from 'zod';
import { FORMAT_ISSUE } from './field-issues.ts';

export const NUL_CHARACTER_MESSAGE = 'must not contain NUL characters';

/**
 * PostgreSQL stores no U+0000 in text or jsonb, so a string holding one would fail deep in a command or a query
 * (a 500). The edge refuses it instead, naming the field: a ZodError with one issue per string (or key) that
 * holds one, or null. Walks parsed JSON or a parsed query iteratively (no recursion limit to hit), and only
 * plain objects and arrays: a streamed upload's body (a stream, full of cycles) is not data to walk.
 */
export function nulCharacterError(input: unknown): ZodError | null {
  const issues: ConstructorParameters<typeof ZodRealError>[0] = [];
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) issues.push({ code: 'custom', path, message: NUL_CHARACTER_MESSAGE, params: FORMAT_ISSUE, input: value });
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, path: [...path, index] }));
    } else if (isPlainObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) issues.push({ code: 'custom', path, message: NUL_CHARACTER_MESSAGE, params: FORMAT_ISSUE, input: key });
        else stack.push({ value: item, path: [...path, key] });
      }
    }
  }
  // ZodRealError: the ZodError that is also an Error (as parse throws), so tRPC keeps it as the cause.
  return issues.length > 0 ? new ZodRealError(issues) : null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
