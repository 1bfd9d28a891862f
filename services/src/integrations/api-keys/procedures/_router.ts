import { apiKeyCreateInput, apiKeyIdInput } from '@crm/contracts';
import { procedure, router } from '../../../trpc/trpc.ts';
import { createApiKeyHandler, listApiKeysHandler, revokeApiKeyHandler } from './api-keys.handlers.ts';

/** `apiKeys.*`: the Integrations area's API Keys tab (sessions only; keys themselves call REST). */
export const apiKeysRouter = router({
  list: procedure('integrations:manage').query(listApiKeysHandler),
  create: procedure('integrations:manage').input(apiKeyCreateInput).mutation(createApiKeyHandler),
  revoke: procedure('integrations:manage').input(apiKeyIdInput).mutation(revokeApiKeyHandler),
});
