import { API_KEY_SCOPE_PERMISSION, INTEGRATIONS_ERRORS, can, domainError, type ApiKeyEvent, type ApiKeyScope, type UserType } from '@crm/contracts';
import type { CommandContext, Decider } from '../../platform/decider.ts';

/** One API key (stream `api-key-<id>`). */
export type ApiKeyState = { exists: false } | { exists: true; revoked: boolean };

export type ApiKeyCommand =
  | {
      type: 'CreateApiKey';
      keyId: string;
      name: string;
      scopes: ApiKeyScope[];
      prefix: string;
      last4: string;
      expiresAt: string | null;
      /** The creator's role now: a key never holds a scope the role lacks. */
      creatorRole: UserType;
    }
  | { type: 'RevokeApiKey'; keyId: string };

function actor(ctx: CommandContext): string {
  if (!ctx.userId) throw domainError(INTEGRATIONS_ERRORS.api_key_actor_required);
  return ctx.userId;
}

export const apiKeyDecider: Decider<ApiKeyState, ApiKeyCommand, ApiKeyEvent> = {
  initialState: { exists: false },
  evolve(state, event) {
    switch (event.type) {
      case 'ApiKeyCreated':
        return { exists: true, revoked: false };
      case 'ApiKeyRevoked':
        return state.exists ? { exists: true, revoked: true } : state;
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide(command, state, ctx): ApiKeyEvent[] {
    const at = ctx.now.toISOString();
    switch (command.type) {
      case 'CreateApiKey': {
        const by = actor(ctx);
        if (state.exists) throw domainError(INTEGRATIONS_ERRORS.api_key_exists);
        const beyond = command.scopes.filter((s) => !can(command.creatorRole, API_KEY_SCOPE_PERMISSION[s]));
        if (beyond.length > 0) throw domainError(INTEGRATIONS_ERRORS.api_key_scope_not_allowed, { scopes: beyond.join(', ') });
        if (command.expiresAt !== null && new Date(command.expiresAt).getTime() <= ctx.now.getTime()) throw domainError(INTEGRATIONS_ERRORS.api_key_expiry_past);
        return [
          {
            type: 'ApiKeyCreated',
            data: {
              keyId: command.keyId,
              name: command.name,
              scopes: command.scopes,
              prefix: command.prefix,
              last4: command.last4,
              expiresAt: command.expiresAt === null ? null : new Date(command.expiresAt).toISOString(),
              createdBy: by,
              at,
            },
          },
        ];
      }
      case 'RevokeApiKey': {
        const by = actor(ctx);
        if (!state.exists) throw domainError(INTEGRATIONS_ERRORS.api_key_not_found);
        if (state.revoked) throw domainError(INTEGRATIONS_ERRORS.api_key_already_revoked);
        return [{ type: 'ApiKeyRevoked', data: { keyId: command.keyId, revokedBy: by, at } }];
      }
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
