import type { FastifyInstance, FastifyReply } from 'fastify';
import { DomainError, loginInput, mfaLoginInput, type ErrorCode } from '@crm/contracts';
import { TooManyRequestsError } from './too-many-requests.error.ts';
import type { AppServices } from '../platform/request-context.ts';
import { requestContext } from '../http/request-auth.ts';
import { registerRestRoute } from '../http/rest-route.ts';

/** HTTP status per login refusal: the same 401 for an unknown e-mail and a wrong password. */
const STATUS: Partial<Record<ErrorCode, number>> = { invalid_credentials: 401, awaiting_approval: 403, account_deactivated: 403, ip_blocked: 403, account_suspended: 403, account_locked: 403, mfa_challenge_invalid: 401, mfa_code_invalid: 401, mfa_code_reused: 401 };

/**
 * POST /api/admin/login (spec 01 §7): the session id comes back as a bearer token for REST clients.
 * Same flow as tRPC auth.login (security/login.service.ts).
 */
export function registerLoginRoutes(app: FastifyInstance, services: AppServices) {
  registerRestRoute(app, {
    method: 'POST',
    url: '/api/admin/login',
    access: 'public',
    body: loginInput,
    async handler(request, reply, body) {
      const ctx = requestContext(services, request, reply);
      try {
        const result = await services.security.login.login({
          email: body.email,
          password: body.password,
          ip: ctx.ip,
          userAgent: ctx.userAgent,
          currentSessionId: ctx.sessionId,
          correlationId: ctx.correlationId,
        });
        if ('mfaRequired' in result) {
          // The password was right; the session waits for the second step (docs/SECURITY.md, "Multi-factor authentication").
          const { challenge, expiresAt, enrolmentRequired, enrolment } = result;
          return enrolmentRequired
            ? { success: false, mfaRequired: true, mfaEnrolmentRequired: true, challenge, expiresAt, enrolment, message: MFA_ENROLMENT_MESSAGE }
            : { success: false, mfaRequired: true, challenge, expiresAt, message: MFA_REQUIRED_MESSAGE };
        }
        return { success: true, token: result.sessionId, message: 'Login successful', user: result.user };
      } catch (err) {
        return refusal(reply, err);
      }
    },
  });

  registerRestRoute(app, {
    method: 'POST',
    url: '/api/admin/login/mfa',
    access: 'public',
    body: mfaLoginInput,
    async handler(request, reply, body) {
      const ctx = requestContext(services, request, reply);
      try {
        const result = await services.security.login.completeMfa({
          challenge: body.challenge,
          code: body.code,
          ip: ctx.ip,
          userAgent: ctx.userAgent,
          currentSessionId: ctx.sessionId,
          correlationId: ctx.correlationId,
        });
        return {
          success: true,
          token: result.sessionId,
          message: 'Login successful',
          user: result.user,
          ...(result.recoveryCodes ? { recoveryCodes: result.recoveryCodes } : {}),
        };
      } catch (err) {
        return refusal(reply, err);
      }
    },
  });
}

export const MFA_REQUIRED_MESSAGE = 'Enter the code from your authenticator app';
export const MFA_ENROLMENT_MESSAGE = 'Two-step verification is required for your account: add it to your authenticator app and enter its code';

/** A login refusal as the spec's `{ success: false, message }` with its status (429 with Retry-After when throttled). */
function refusal(reply: FastifyReply, err: unknown) {
  if (err instanceof TooManyRequestsError) {
    return reply
      .code(429)
      .header('retry-after', String(err.retryAfterSeconds))
      .send({ success: false, message: err.message, code: err.code, retryAfterSeconds: err.retryAfterSeconds });
  }
  if (err instanceof DomainError && STATUS[err.code as ErrorCode]) return reply.code(STATUS[err.code as ErrorCode]!).send({ success: false, message: err.message, code: err.code });
  throw err;
}
