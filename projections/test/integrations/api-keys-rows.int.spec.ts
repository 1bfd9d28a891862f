/** The API keys read model row by row: created (no key material), revoked; another key untouched. */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, it } from 'vitest';
import { apiKeyStreamId, type ApiKeyEvent } from '@crm/contracts';
import { apiKeysProjection } from '../../src/integrations/api-keys/api-keys.projection.ts';
import { type SpecEvent, projectionSpec } from '../support/projection-spec.ts';

const spec = projectionSpec(apiKeysProjection);
afterAll(() => spec.close());

const admin = randomUUID();
const ev = (e: ApiKeyEvent): SpecEvent => ({ streamId: apiKeyStreamId(e.data.keyId), type: e.type, data: e.data });
const created = (keyId: string, expiresAt: string | null = null) =>
  ev({ type: 'ApiKeyCreated', data: { keyId, name: 'Sync', scopes: ['customers:read', 'deals:write'], prefix: 'crm_live_', last4: 'Ab12', expiresAt, createdBy: admin, at: '2030-06-15T12:00:00.000Z' } });

describe('integration_api_keys projection: given events, then rows', () => {
  it('a created key: its name, scopes, prefix and last four, expiry and creator', async () => {
    const keyId = randomUUID();
    await spec.given(created(keyId, '2030-07-01T00:00:00.000Z')).then([
      { id: keyId, name: 'Sync', scopes: ['customers:read', 'deals:write'], prefix: 'crm_live_', last4: 'Ab12', expires_at: '2030-07-01T00:00:00.000Z', created_by: admin, revoked_at: null },
    ]);
  });

  it('a revoked key keeps its row with when and by whom; another key stays active', async () => {
    const keyId = randomUUID();
    const other = randomUUID();
    await spec
      .given(created(keyId), created(other))
      .when(ev({ type: 'ApiKeyRevoked', data: { keyId, revokedBy: admin, at: '2030-06-15T13:00:00.000Z' } }))
      .then([
        { id: keyId, revoked_at: '2030-06-15T13:00:00.000Z', revoked_by: admin },
        { id: other, revoked_at: null, revoked_by: null },
      ]);
  });
});
