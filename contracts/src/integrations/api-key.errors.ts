/** Refusals of API keys; spread into INTEGRATIONS_ERRORS (integrations.errors.ts). */
export const API_KEY_ERROR_SPECS = {
  api_key_not_found: { kind: 'not_found', message: 'API key not found' },
  api_key_already_revoked: { kind: 'conflict', message: 'This API key is already revoked' },
  api_key_exists: { kind: 'conflict', message: 'This API key already exists', internal: true },
  api_key_scope_not_allowed: {
    kind: 'forbidden',
    message: ({ scopes }: { scopes: string }) => `Your role cannot grant these scopes: ${scopes}`,
  },
  api_key_expiry_past: { kind: 'unprocessable', message: 'The expiry date must be in the future' },
  api_key_actor_required: { kind: 'forbidden', message: 'Only a signed-in admin can manage API keys', internal: true },
} as const;
