/**
 * Addresses currently blocked (IpBlocked / IpUnblocked, streams `ip-block-<ip>`). The API refuses logins
 * and public POSTs from these addresses; the block command waits until this projection has applied its
 * event before it answers (read-your-writes), so the block holds from the moment the admin sees it.
 */
import { ipBlockEventSchemas } from '@crm/contracts';
import { type PhysicalTables, defineProjection, quoteIdent } from '../runner/projection.ts';
import { contractEventParser } from '../runner/read-model.ts';
import { PROJECTED_AT, createReadModelTables, readModelTable } from '../runner/read-model-table.ts';

const parseIpBlockEvent = contractEventParser(ipBlockEventSchemas);

/** The `blocked_ips` read model's table: one row per blocked address. */
export const blockedIpsTable = readModelTable({
  name: 'blocked_ips',
  columns: {
    ip: { type: 'text', primaryKey: true },
    reason: { type: 'text' },
    login_id: { type: 'uuid', nullable: true },
    blocked_by: { type: 'text' },
    blocked_at: { type: 'timestamptz' },
    projected_at: PROJECTED_AT,
  },
});

export const blockedIpsProjection = defineProjection({
  name: 'blocked_ips',
  version: 1,
  tables: [blockedIpsTable.name],
  eventTypes: Object.keys(ipBlockEventSchemas),

  async setup(client, physical) {
    await createReadModelTables(client, physical, blockedIpsTable);
  },

  async apply(client, events, tables: PhysicalTables) {
    const q = quoteIdent(tables.blocked_ips!);
    // Blocks are rare and order matters (block, unblock, block again): one statement per event.
    for (const event of events) {
      const parsed = parseIpBlockEvent(event);
      if (!parsed) continue;
      if (parsed.type === 'IpBlocked') {
        const d = parsed.data;
        await blockedIpsTable.upsert(client, tables.blocked_ips!, [{ ip: d.ip, reason: d.reason, login_id: d.loginId, blocked_by: d.by, blocked_at: d.at }]);
      } else {
        await client.query(`DELETE FROM ${q} WHERE ip = $1`, [parsed.data.ip]);
      }
    }
  },
});
