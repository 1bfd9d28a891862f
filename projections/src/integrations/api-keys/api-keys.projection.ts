/**
 * API keys (ApiKeyCreated / ApiKeyRevoked, streams `api-key-<id>`): one row per key, without key material. The
 * REST authenticator reads a key's scopes, expiry, creator and revocation here (the credentials table holds
 * only its hash); a revoke waits for this projection before it answers (read-your-writes), so a revoked key
 * is refused from the moment the admin sees it revoked.
 */
import { apiKeyEventSchemas } from '@crm/contracts';
import { type PhysicalTables, defineProjection, quoteIdent } from '../../runner/projection.ts';
import { contractEventParser } from '../../runner/read-model.ts';
import { PROJECTED_AT, createReadModelTables, readModelTable } from '../../runner/read-model-table.ts';

const parseApiKeyEvent = contractEventParser(apiKeyEventSchemas);

export const apiKeysTable = readModelTable({
  name: 'integration_api_keys',
  columns: {
    id: { type: 'uuid', primaryKey: true },
    name: { type: 'text' },
    scopes: { type: 'text[]' },
    prefix: { type: 'text' },
    last4: { type: 'text' },
    expires_at: { type: 'timestamptz', nullable: true },
    created_by: { type: 'text' },
    created_at: { type: 'timestamptz' },
    revoked_at: { type: 'timestamptz', nullable: true },
    revoked_by: { type: 'text', nullable: true },
    projected_at: PROJECTED_AT,
  },
});

export const apiKeysProjection = defineProjection({
  name: 'integration_api_keys',
  version: 1,
  tables: [apiKeysTable.name],
  eventTypes: Object.keys(apiKeyEventSchemas),

  async setup(client, physical) {
    await createReadModelTables(client, physical, apiKeysTable);
  },

  async apply(client, events, tables: PhysicalTables) {
    const table = tables.integration_api_keys!;
    for (const event of events) {
      const parsed = parseApiKeyEvent(event);
      if (!parsed) continue;
      if (parsed.type === 'ApiKeyCreated') {
        const d = parsed.data;
        await apiKeysTable.upsert(client, table, [
          { id: d.keyId, name: d.name, scopes: d.scopes, prefix: d.prefix, last4: d.last4, expires_at: d.expiresAt, created_by: d.createdBy, created_at: d.at, revoked_at: null, revoked_by: null },
        ]);
      } else {
        await client.query(`UPDATE ${quoteIdent(table)} SET revoked_at = $2, revoked_by = $3 WHERE id = $1`, [parsed.data.keyId, parsed.data.at, parsed.data.revokedBy]);
      }
    }
  },
});
