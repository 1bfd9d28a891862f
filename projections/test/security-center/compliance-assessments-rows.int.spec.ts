/**
 * The compliance assessments read model row by row: one row per ComplianceAssessed with its whole result, in one
 * batch or one event per batch.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, it } from 'vitest';
import { complianceAssessmentStreamId, type ComplianceEvent } from '@crm/contracts';
import { complianceAssessmentsProjection } from '../../src/security-center/compliance-assessments.projection.ts';
import { type SpecEvent, projectionSpec } from '../support/projection-spec.ts';

const spec = projectionSpec(complianceAssessmentsProjection);
afterAll(() => spec.close());

const admin = randomUUID();
const at = (day: number) => `2030-06-${String(day).padStart(2, '0')}T09:00:00.000Z`;
function assessed(id: string, day: number, percent: number): SpecEvent {
  const e: ComplianceEvent = {
    type: 'ComplianceAssessed',
    data: {
      assessmentId: id,
      at: at(day),
      by: admin,
      score: { percent, earned: percent, max: 100, unavailable: 0 },
      checks: [{ id: 'audit_chain', status: 'passed', earned: 10, max: 10, detail: { ok: true, checked: 3 }, fix: '/admin/audit-log' }],
      standards: [{ standard: 'gdpr', name: 'GDPR', status: 'partial', score: 70, violations: 1, improvements: ['retention'], unavailable: 0 }],
      nextReview: at(day + 1),
    },
  };
  return { streamId: complianceAssessmentStreamId(id), type: e.type, data: e.data };
}

describe('compliance assessments projection: given events, then rows', () => {
  it('each assessment is a row with its time, author, score and whole result', async () => {
    const first = randomUUID();
    const second = randomUUID();
    await spec.given(assessed(first, 1, 64)).when(assessed(second, 2, 71)).then([
      { id: first, assessed_at: at(1), assessed_by: admin, score: '64' },
      { id: second, assessed_at: at(2), assessed_by: admin, score: '71' },
    ]);
  });
});
