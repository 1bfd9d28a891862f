import { TRPCError, initTRPC } from '@trpc/server';
import { ZodError } from 'zod';
import { DomainError, can, fieldIssues, nulCharacterError, type Access } from '@crm/contracts';
import { TooManyRequestsError } from '../security/too-many-requests.error.ts';
import type { RequestContext } from '../platform/request-context.ts';

export interface ProcedureMeta {
  /** Who may call it: every procedure declares this (a test walks the router to check). */
  access: Access;
}

/** Field errors from a zod error: `{ "email": ["must be a valid e-mail address"] }`. */
export function fieldErrors(error: ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

export function describeFieldErrors(errors: Record<string, string[]>): string {
  return Object.entries(errors)
    .map(([field, messages]) => `${field} ${messages.join(', ')}`)
    .join('; ');
}

const t = initTRPC
  .context<RequestContext>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const fields = error.cause instanceof ZodError ? fieldErrors(error.cause) : null;
      return {
        ...shape,
        message: fields ? `Invalid input: ${describeFieldErrors(fields)}` : shape.message,
        data: {
          ...shape.data,
          stack: undefined,
          fieldErrors: fields,
          // The same problems in a form the app translates (kind and bound per field).
          fieldIssues: error.cause instanceof ZodError ? fieldIssues(error.cause) : null,
          domainCode: error.cause instanceof DomainError || error.cause instanceof TooManyRequestsError ? error.cause.code : null,
          retryAfterSeconds: error.cause instanceof TooManyRequestsError ? error.cause.retryAfterSeconds : null,
        },
      };
    },
  });

const DOMAIN_CODES = { not_found: 'NOT_FOUND', unprocessable: 'UNPROCESSABLE_CONTENT', forbidden: 'FORBIDDEN', conflict: 'CONFLICT' } as const;

/**
 * Maps domain refusals to HTTP-meaningful tRPC codes, and input validated inside a handler (rules that
 * need the clock) to BAD_REQUEST; anything else stays an internal error.
 */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof ZodError && result.error.code === 'INTERNAL_SERVER_ERROR') {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Invalid input', cause: result.error.cause });
  }
  if (!result.ok && result.error.cause instanceof DomainError) {
    const cause = result.error.cause;
    const code = DOMAIN_CODES[cause.kind];
    throw new TRPCError({ code, message: cause.message, cause });
  }
  return result;
});

/** Before the input is parsed: a string PostgreSQL cannot store is refused with 400 naming its field. */
const refuseNulCharacters = t.middleware(async ({ getRawInput, next }) => {
  // A body that is not JSON is the input parser's to refuse (and a procedure without input never reads it).
  const raw = await getRawInput().catch(() => undefined);
  const nul = nulCharacterError(raw);
  if (nul) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Invalid input', cause: nul });
  return next();
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** A procedure open to the given access level; the check runs on the server for every call. */
export function procedure(access: Access) {
  return t.procedure
    .meta({ access })
    .use(domainErrors)
    .use(refuseNulCharacters)
    .use(({ ctx, next }) => {
      if (access === 'public') return next();
      if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please log in' });
      if (access !== 'authenticated' && !can(ctx.user.userType, access)) {
        throw new TRPCError({ code: 'FORBIDDEN', message: 'You do not have permission to do this' });
      }
      return next({ ctx: { ...ctx, user: ctx.user } });
    });
}
