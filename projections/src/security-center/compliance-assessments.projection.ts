/**
 * Compliance assessments (ComplianceAssessed, streams `compliance-assessment-<id>`): one row per Re-assess with
 * its whole result, so the Compliance tab reads the latest and the Full Report any of them without folding the
 * event store.
 */
import { complianceEventSchemas } from '@crm/contracts';
import { type PhysicalTables, defineProjection } from '../runner/projection.ts';
import { contractEventParser } from '../runner/read-model.ts';
import { PROJECTED_AT, createReadModelTables, readModelTable } from '../runner/read-model-table.ts';

const parseComplianceEvent = contractEventParser(complianceEventSchemas);

export const complianceAssessmentsTable = readModelTable({
  name: 'compliance_assessments',
  columns: {
    id: { type: 'uuid', primaryKey: true },
    assessed_at: { type: 'timestamptz' },
    assessed_by: { type: 'text' },
    score: { type: 'numeric' },
    /** The event's data (checks, standards, next review). */
    result: { type: 'jsonb' },
    projected_at: PROJECTED_AT,
  },
  indexes: [{ name: 'assessed', on: '(assessed_at DESC)' }],
});

export const complianceAssessmentsProjection = defineProjection({
  name: 'compliance_assessments',
  version: 1,
  tables: [complianceAssessmentsTable.name],
  eventTypes: Object.keys(complianceEventSchemas),

  async setup(client, physical) {
    await createReadModelTables(client, physical, complianceAssessmentsTable);
  },

  async apply(client, events, tables: PhysicalTables) {
    const rows = events.flatMap((event) => {
      const parsed = parseComplianceEvent(event);
      if (!parsed) return [];
      const d = parsed.data;
      return [{ id: d.assessmentId, assessed_at: d.at, assessed_by: d.by, score: d.score.percent, result: d }];
    });
    if (rows.length > 0) await complianceAssessmentsTable.insertNew(client, tables.compliance_assessments!, rows);
  },
});
