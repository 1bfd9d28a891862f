import { z } from 'zod';
import { auditState, auditedEvent } from '../platform/audit.ts';
import { API_KEY_SCOPES } from './api-key.scopes.ts';

/**
 * One API key's life: stream `api-key-<id>`. Events never carry key material: only the id, the name, the
 * scopes, the key's recognisable prefix and last four characters, the expiry and who created it. The key's
 * SHA-256 hash lives in the credentials table (services/src/integrations/api-keys/api-key.sql.ts).
 */
export const apiKeyStreamId = (id: string): string => `api-key-${id}`;

const apiKeyCreatedV1 = z.object({
  keyId: z.string().uuid(),
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** `crm_live_` */
  prefix: z.string(),
  last4: z.string(),
  expiresAt: z.string().nullable(),
  createdBy: z.string().uuid(),
  at: z.string(),
});
const apiKeyRevokedV1 = z.object({ keyId: z.string().uuid(), revokedBy: z.string().uuid(), at: z.string() });

export const apiKeyEventSchemas = {
  ApiKeyCreated: auditedEvent(1, apiKeyCreatedV1, {
    entity: 'api_key',
    entityId: (d) => d.keyId,
    action: 'CREATE',
    risk: 'medium',
    actor: (d) => d.createdBy,
    state: (d) => auditState.pick(d, 'name', 'scopes', 'last4', 'expiresAt'),
  }),
  ApiKeyRevoked: auditedEvent(1, apiKeyRevokedV1, {
    entity: 'api_key',
    entityId: (d) => d.keyId,
    action: 'DELETE',
    risk: 'medium',
    actor: (d) => d.revokedBy,
    state: () => ({ revoked: true }),
  }),
} as const;

type Schemas = typeof apiKeyEventSchemas;
export type ApiKeyEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]['schema']> } }[keyof Schemas];
