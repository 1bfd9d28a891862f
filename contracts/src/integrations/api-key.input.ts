import { z } from 'zod';
import { API_KEY_SCOPES } from './api-key.scopes.ts';

/** `POST /api/admin/api-keys` and `apiKeys.create`. */
export const apiKeyCreateInput = z.object({
  name: z
    .string({ error: 'Please provide a name for the API key.' })
    .trim()
    .min(1, 'Please provide a name for the API key.')
    .max(100, 'must be at most 100 characters'),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: `must be one of ${API_KEY_SCOPES.join(', ')}` }), { error: 'must be a list of scopes' })
    .min(1, 'choose at least one scope')
    .max(API_KEY_SCOPES.length)
    .transform((s) => [...new Set(s)]),
  expiresAt: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' }).nullish(),
});
export type ApiKeyCreateInput = z.output<typeof apiKeyCreateInput>;
export type ApiKeyCreatePayload = z.input<typeof apiKeyCreateInput>;

export const apiKeyIdInput = z.object({ id: z.string().uuid({ error: 'must be an API key id (a UUID)' }) });

/** A key as listed: never key material, only its masked form (`crm_live_…abcd`). */
export interface ApiKeyView {
  id: string;
  name: string;
  scopes: string[];
  masked: string;
  status: 'active' | 'expired' | 'revoked';
  expiresAt: string | null;
  createdAt: string;
  createdBy: string;
  createdByName: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  usageCount: number;
}

/** What `create` answers: the view plus the key itself, shown this once. */
export type CreatedApiKey = ApiKeyView & { key: string };
