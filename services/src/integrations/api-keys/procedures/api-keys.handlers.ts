import type { ApiKeyCreateInput } from '@crm/contracts';
import { commandContext, type AuthedRequestContext } from '../../../platform/request-context.ts';

export const listApiKeysHandler = async ({ ctx }: { ctx: AuthedRequestContext }) => ({ apiKeys: await ctx.services.apiKeys.list() });

/** The key itself is in this answer only; it is never readable again. */
export const createApiKeyHandler = async ({ ctx, input }: { ctx: AuthedRequestContext; input: ApiKeyCreateInput }) => ({
  apiKey: await ctx.services.apiKeys.create(input, ctx.user, commandContext(ctx)),
});

export const revokeApiKeyHandler = async ({ ctx, input }: { ctx: AuthedRequestContext; input: { id: string } }) => {
  await ctx.services.apiKeys.revoke(input.id, commandContext(ctx));
  return { revoked: true as const };
};
