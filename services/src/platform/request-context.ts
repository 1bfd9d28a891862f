/**
 * What a request handler (tRPC procedure or REST route) knows about its call, without any transport type:
 * the services, the caller, where the call came from, and a way to set cookies. Transport adapters build it
 * (http/request-auth.ts); domain services never see it, only the CommandContext derived from it.
 */
import type { AppServices } from '../app/app-services.ts';
import type { SessionUser } from '../identity/accounts.ts';
import type { CommandContext } from './decider.ts';

export type { AppServices };

/** The API key a REST request authenticated with (issue 15): its id, name and scopes; never key material. */
export interface ApiKeyPrincipal {
  id: string;
  name: string;
  scopes: readonly string[];
}

/** Per request: the caller, where they came from, and a way to set cookies. */
export interface RequestContext {
  services: AppServices;
  user: SessionUser | null;
  sessionId: string | null;
  /** The current session's public handle (its login id). */
  loginId: string | null;
  /** Set when the request authenticated with an API key (REST only; `user` is then the key's creator). */
  apiKey: ApiKeyPrincipal | null;
  ip: string | null;
  userAgent: string | null;
  correlationId: string;
  setCookie(serialized: string): void;
}

/** The context of a procedure whose access check passed: the caller is known. */
export type AuthedRequestContext = RequestContext & { user: SessionUser };

/** The command metadata of a request: its time, its caller, and where it came from (the audit trail's facts). */
export function commandContext(ctx: RequestContext): CommandContext {
  return {
    now: ctx.services.now(),
    userId: ctx.user?.id ?? null,
    metadata: {
      userId: ctx.user?.id ?? null,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      correlationId: ctx.correlationId,
      sessionId: ctx.loginId,
      causationId: null,
      // A REST call made with an API key acts as the key's creator; the audit trail says which key it was.
      ...(ctx.apiKey ? { apiKeyId: ctx.apiKey.id } : {}),
    },
  };
}
