/**
 * Two-step verification per account (`user_mfa`), from the `mfa-<userId>` streams: on or off, since when, the
 * recovery codes left and when a code last passed. The Security Center's Access Control (MFA column) and its
 * "admin MFA coverage" check read it through `services.mfa.mfaStatusByUser()`. Never a secret: the events have none.
 */
import { mfaEventSchemas } from '@crm/contracts';
import { type PhysicalTables, defineProjection, quoteIdent } from '../runner/projection.ts';
import { contractEventParser } from '../runner/read-model.ts';
import { PROJECTED_AT, createReadModelTables, readModelTable } from '../runner/read-model-table.ts';

const parseMfaEvent = contractEventParser(mfaEventSchemas);

/** The `user_mfa` read model's table: one row per account that ever turned MFA on. */
export const userMfaTable = readModelTable({
  name: 'user_mfa',
  columns: {
    user_id: { type: 'text', primaryKey: true },
    enabled: { type: 'boolean' },
    enabled_at: { type: 'timestamptz', nullable: true },
    recovery_remaining: { type: 'integer' },
    last_used_at: { type: 'timestamptz', nullable: true },
    changed_at: { type: 'timestamptz' },
    projected_at: PROJECTED_AT,
  },
});

/** The events that change a row (the rest of the stream, challenges issued or failed, change nothing here). */
const EVENT_TYPES = ['MfaEnabled', 'MfaDisabled', 'MfaRecoveryCodesRegenerated', 'MfaChallengePassed'] as const;

export const userMfaProjection = defineProjection({
  name: 'user_mfa',
  version: 1,
  tables: [userMfaTable.name],
  eventTypes: [...EVENT_TYPES],

  async setup(client, physical) {
    await createReadModelTables(client, physical, userMfaTable);
  },

  async apply(client, events, tables: PhysicalTables) {
    const q = quoteIdent(tables.user_mfa!);
    // Rare events whose order matters (on, off, on again): one statement per event.
    for (const event of events) {
      const parsed = parseMfaEvent(event);
      if (!parsed) continue;
      switch (parsed.type) {
        case 'MfaEnabled': {
          const d = parsed.data;
          await userMfaTable.upsert(client, tables.user_mfa!, [
            { user_id: d.userId, enabled: true, enabled_at: d.at, recovery_remaining: d.recoveryCount, last_used_at: null, changed_at: d.at },
          ]);
          break;
        }
        case 'MfaDisabled':
          await client.query(`UPDATE ${q} SET enabled = false, enabled_at = NULL, recovery_remaining = 0, changed_at = $2 WHERE user_id = $1`, [parsed.data.userId, parsed.data.at]);
          break;
        case 'MfaRecoveryCodesRegenerated':
          await client.query(`UPDATE ${q} SET recovery_remaining = $2, changed_at = $3 WHERE user_id = $1`, [parsed.data.userId, parsed.data.recoveryCount, parsed.data.at]);
          break;
        case 'MfaChallengePassed':
          // A pass that disables is followed by MfaDisabled, which sets the row after it.
          await client.query(`UPDATE ${q} SET recovery_remaining = $2, last_used_at = $3, changed_at = $3 WHERE user_id = $1`, [
            parsed.data.userId,
            parsed.data.recoveryRemaining,
            parsed.data.at,
          ]);
          break;
        default:
          break;
      }
    }
  },
});
