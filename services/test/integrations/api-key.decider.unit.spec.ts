import { describe, it } from 'vitest';
import type { ApiKeyEvent } from '@crm/contracts';
import { apiKeyDecider, type ApiKeyCommand } from '../../src/integrations/api-keys/api-key.decider.ts';
import { deciderSpec } from '../support/given-when-then.ts';

const now = new Date('2030-03-01T10:00:00.000Z');
const at = now.toISOString();
const admin = 'a3c1b2d4-0000-4000-8000-000000000001';
const keyId = '0b7a4f64-52b9-4c5c-9d1e-5a0f5e2f1c11';
const spec = deciderSpec(apiKeyDecider, { now, userId: admin, metadata: { correlationId: 'test' } });
const anonymous = deciderSpec(apiKeyDecider, { now, userId: null, metadata: { correlationId: 'test' } });

const create = (over: Partial<Extract<ApiKeyCommand, { type: 'CreateApiKey' }>> = {}): ApiKeyCommand => ({
  type: 'CreateApiKey',
  keyId,
  name: 'Zapier',
  scopes: ['customers:read', 'deals:write'],
  prefix: 'crm_live_',
  last4: 'abcd',
  expiresAt: null,
  creatorRole: 'admin',
  ...over,
});
const created: ApiKeyEvent = {
  type: 'ApiKeyCreated',
  data: { keyId, name: 'Zapier', scopes: ['customers:read', 'deals:write'], prefix: 'crm_live_', last4: 'abcd', expiresAt: null, createdBy: admin, at: '2030-03-01T09:00:00.000Z' },
};
const revoked: ApiKeyEvent = { type: 'ApiKeyRevoked', data: { keyId, revokedBy: admin, at: '2030-03-01T09:30:00.000Z' } };

describe('api-key decider', () => {
  it('creates a key with its name, scopes, prefix and last four, expiry and creator (never the key)', () => {
    spec
      .given([])
      .when(create({ expiresAt: '2030-04-01T00:00:00+02:00' }))
      .then([
        {
          type: 'ApiKeyCreated',
          data: { keyId, name: 'Zapier', scopes: ['customers:read', 'deals:write'], prefix: 'crm_live_', last4: 'abcd', expiresAt: '2030-03-31T22:00:00.000Z', createdBy: admin, at },
        },
      ]);
  });

  it('refuses scopes beyond the creator role', () => {
    spec.given([]).when(create({ creatorRole: 'manager', scopes: ['bookings:read', 'audit:read'] })).thenThrows('api_key_scope_not_allowed');
    spec.given([]).when(create({ creatorRole: 'user', scopes: ['users:read'] })).thenThrows('api_key_scope_not_allowed');
  });

  it('refuses an expiry in the past', () => {
    spec.given([]).when(create({ expiresAt: '2030-03-01T09:59:59.000Z' })).thenThrows('api_key_expiry_past');
  });

  it('refuses a second creation of the same key, and a caller without an account', () => {
    spec.given([created]).when(create()).thenThrows('api_key_exists');
    anonymous.given([]).when(create()).thenThrows('api_key_actor_required');
  });

  it('revokes an active key once', () => {
    spec.given([created]).when({ type: 'RevokeApiKey', keyId }).then([{ type: 'ApiKeyRevoked', data: { keyId, revokedBy: admin, at } }]);
    spec.given([created, revoked]).when({ type: 'RevokeApiKey', keyId }).thenThrows('api_key_already_revoked');
    spec.given([]).when({ type: 'RevokeApiKey', keyId }).thenThrows('api_key_not_found');
  });
});
