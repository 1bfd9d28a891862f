/**
 * The `security_alerts` read model (Security Center, Security Alerts tab; REST GET /api/admin/security/alerts):
 * one row per alert (stream `security-alert-<alertId>`). SecurityAlertRaised makes the row (open);
 * SecurityAlertInvestigationStarted and SecurityAlertResolved move its status and record who, when and the note.
 */
import { securityAlertEventSchemas } from '@crm/contracts';
import { type PhysicalTables, defineProjection, quoteIdent } from '../../runner/projection.ts';
import { contractEventParser } from '../../runner/read-model.ts';
import { PROJECTED_AT, type RowOf, createReadModelIndexes, createReadModelTables, readModelTable } from '../../runner/read-model-table.ts';

const parseAlertEvent = contractEventParser(securityAlertEventSchemas);

export const securityAlertsTable = readModelTable({
  name: 'security_alerts',
  columns: {
    id: { type: 'uuid', primaryKey: true },
    type: { type: 'text' },
    severity: { type: 'text' },
    status: { type: 'text' },
    title: { type: 'text' },
    description: { type: 'text' },
    ip_address: { type: 'text', nullable: true },
    user_id: { type: 'uuid', nullable: true },
    user_name: { type: 'text', nullable: true },
    email: { type: 'text', nullable: true },
    related_event_ids: { type: 'text[]' },
    related_entity_ids: { type: 'text[]' },
    details: { type: 'jsonb' },
    detected_at: { type: 'timestamptz' },
    investigated_by: { type: 'uuid', nullable: true },
    investigated_at: { type: 'timestamptz', nullable: true },
    resolved_by: { type: 'uuid', nullable: true },
    resolved_at: { type: 'timestamptz', nullable: true },
    note: { type: 'text', nullable: true },
    projected_at: PROJECTED_AT,
  },
  indexes: [
    { name: 'detected', on: '(detected_at DESC, id DESC)' },
    { name: 'status', on: '(status, detected_at DESC)' },
    { name: 'user', on: '(user_id, detected_at DESC)', where: 'user_id IS NOT NULL' },
  ],
});

export type SecurityAlertRow = RowOf<typeof securityAlertsTable>;

export const securityAlertsProjection = defineProjection({
  name: 'security_alerts',
  version: 2,
  tables: [securityAlertsTable.name],
  eventTypes: Object.keys(securityAlertEventSchemas),

  async setup(client, physical) {
    await createReadModelTables(client, physical, securityAlertsTable);
  },

  async indexes(client, tables: PhysicalTables) {
    await createReadModelIndexes(client, tables, securityAlertsTable);
  },

  async apply(client, events, tables: PhysicalTables) {
    const table = tables.security_alerts!;
    const q = quoteIdent(table);
    // Alerts are rare; order matters within an alert (raised, investigating, resolved): one statement per event.
    for (const event of events) {
      const parsed = parseAlertEvent(event);
      if (!parsed) continue;
      switch (parsed.type) {
        case 'SecurityAlertRaised': {
          const d = parsed.data;
          await securityAlertsTable.insertNew(client, table, [
            {
              id: d.alertId,
              type: d.type,
              severity: d.severity,
              status: 'open',
              title: d.title,
              description: d.description,
              ip_address: d.ipAddress,
              user_id: d.userId,
              user_name: d.userName,
              email: d.email,
              related_event_ids: d.relatedEventIds,
              related_entity_ids: d.relatedEntityIds,
              details: d.details,
              detected_at: d.detectedAt,
              investigated_by: null,
              investigated_at: null,
              resolved_by: null,
              resolved_at: null,
              note: null,
            },
          ]);
          break;
        }
        case 'SecurityAlertInvestigationStarted': {
          const d = parsed.data;
          await client.query(`UPDATE ${q} SET status = 'investigating', investigated_by = $2, investigated_at = $3, note = COALESCE($4, note), projected_at = clock_timestamp() WHERE id = $1`, [
            d.alertId,
            d.by,
            d.at,
            d.note,
          ]);
          break;
        }
        case 'SecurityAlertResolved': {
          const d = parsed.data;
          await client.query(`UPDATE ${q} SET status = 'resolved', resolved_by = $2, resolved_at = $3, note = COALESCE($4, note), projected_at = clock_timestamp() WHERE id = $1`, [
            d.alertId,
            d.by,
            d.at,
            d.note,
          ]);
          break;
        }
      }
    }
  },
});
