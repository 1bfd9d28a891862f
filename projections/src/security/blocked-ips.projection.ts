/**
 * Addresses currently blocked (IpBlocked / IpUnblocked, streams `ip-block-<ip>`). The API refuses logins
 * and public POSTs from these addresses; the block command waits until this projection has applied its
 * event before it answers (read-your-writes), so the block holds from the moment the admin sees it.
 */
import { ipBlockEventSchemas } from '@crm/contracts';
import { type PhysicalTables, defineProjection, quoteIdent } from '../runner/projection.ts';
import { contractEventParser } from '../runner/read-model.ts';

const parseIpBlockEvent = contractEventParser(ipBlockEventSchemas);


export const blockedIpsProjection = defineProjection({
  name: 'blocked_ips',
  version: 1,
  tables: ['blocked_ips'],
  eventTypes: Object.keys(ipBlockEventSchemas),

  async setup(client, physical) {
    await client.query(`
      CREATE TABLE ${quoteIdent(physical.blocked_ips!)} (
        ip text PRIMARY KEY,
        reason text NOT NULL,
        login_id uuid,
        blocked_by text NOT NULL,
        blocked_at timestamptz NOT NULL,
        projected_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
  },

  async apply(client, events, tables: PhysicalTables) {
    const q = quoteIdent(tables.blocked_ips!);
    // Blocks are rare and order matters (block, unblock, block again): one statement per event.
    for (const event of events) {
      const parsed = parseIpBlockEvent(event);
      if (!parsed) continue;
      if (parsed.type === 'IpBlocked') {
        const d = parsed.data;
        await client.query(
          `INSERT INTO ${q} (ip, reason, login_id, blocked_by, blocked_at) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (ip) DO UPDATE SET reason = EXCLUDED.reason, login_id = EXCLUDED.login_id, blocked_by = EXCLUDED.blocked_by,
                                          blocked_at = EXCLUDED.blocked_at, projected_at = clock_timestamp()`,
          [d.ip, d.reason, d.loginId, d.by, d.at],
        );
      } else {
        await client.query(`DELETE FROM ${q} WHERE ip = $1`, [parsed.data.ip]);
      }
    }
  },
});
