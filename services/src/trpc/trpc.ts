import { TRPCError, initTRPC } from '@trpc/server';
import { ZodError } from 'zod';
import { DomainError, can, describeFieldErrors, fieldErrors, fieldIssues, unstorableTextError, type Access } from '@crm/contracts';
import type { AuthedRequestContext, RequestContext } from '../platform/request-context.ts';
import { TooManyRequestsError } from '../security/too-many-requests.error.ts';

export interface ProcedureMeta {
  /** Who may call it: every procedure declares this (a test walks the router to check). */
  access: Access;
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
 * Maps domain refusals to HTTP-meaningful tRPC codes (a throttle to TOO_MANY_REQUESTS), and input validated
 * inside a service (rules that need the clock) to BAD_REQUEST; anything else stays an internal error. Domain
 * code throws DomainError, TooManyRequestsError or ZodError only: this is the one place they become tRPC's.
 */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof ZodError && result.error.code === 'INTERNAL_SERVER_ERROR') {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Invalid input', cause: result.error.cause });
  }
  if (!result.ok && result.error.cause instanceof TooManyRequestsError) {
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: result.error.cause.message, cause: result.error.cause });
  }
  if (!result.ok && result.error.cause instanceof DomainError) {
    const cause = result.error.cause;
    const code = DOMAIN_CODES[cause.kind];
    throw new TRPCError({ code, message: cause.message, cause });
  }
  return result;
});

/**
 * Before the input is parsed: a string PostgreSQL cannot store (U+0000, a lone surrogate) is refused with 400
 * naming its field, whether it came in a mutation's body or a query's `?input=`.
 */
const refuseUnstorableText = t.middleware(async ({ getRawInput, next }) => {
  // A body that is not JSON is the input parser's to refuse (and a procedure without input never reads it).
  const raw = await getRawInput().catch(() => undefined);
  const unstorable = unstorableTextError(raw);
  if (unstorable) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Invalid input', cause: unstorable });
  return next();
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

const base = (access: Access) => t.procedure.meta({ access }).use(domainErrors).use(refuseUnstorableText);

/** A procedure anyone may call (the public site, login, registration). */
export const publicProcedure = base('public');

/**
 * A procedure for a logged-in caller with the given access; the check runs on the server for every call, and
 * its handlers receive an `AuthedRequestContext` (the caller is known).
 */
export function procedure(access: Exclude<Access, 'public'>) {
  return base(access).use(({ ctx, next }) => {
    if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please log in' });
    if (access !== 'authenticated' && !can(ctx.user.userType, access)) {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'You do not have permission to do this' });
    }
    return next({ ctx: { ...ctx, user: ctx.user } satisfies AuthedRequestContext });
  });
}
