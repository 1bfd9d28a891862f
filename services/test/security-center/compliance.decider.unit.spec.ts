import { describe, it } from 'vitest';
import type { ComplianceEvent } from '@crm/contracts';
import { complianceDecider } from '../../src/security-center/compliance.decider.ts';
import { assessCompliance, evaluateSecurityScore, type SecurityFacts } from '../../src/security-center/security-checks.ts';
import { deciderSpec } from '../support/given-when-then.ts';

const now = new Date('2030-03-01T10:00:00.000Z');
const admin = 'a3c1b2d4-0000-4000-8000-000000000001';
const assessmentId = '5f0c1a52-6a7e-4d8b-9c1f-2b3a4c5d6e7f';
const spec = deciderSpec(complianceDecider, { now, userId: admin, metadata: { correlationId: 'test' } });
const anonymous = deciderSpec(complianceDecider, { now, userId: null, metadata: { correlationId: 'test' } });

const facts: SecurityFacts = {
  adminMfa: null,
  passwordPolicy: { minLength: 8, refuseCommon: true },
  sessions: { idleMinutes: 30, absoluteHours: 12 },
  openAlerts: null,
  accounts: { active: 3, inactive90Days: 1 },
  auditChain: { ok: true, checked: 40 },
  exportsAudited: null,
  retention: { days: null },
  loginThrottle: { freeAttempts: 5, maxDelaySeconds: 900 },
  httpsPublicUrl: false,
};
const score = evaluateSecurityScore(facts);
const standards = assessCompliance(score.checks);

const assessed: ComplianceEvent = {
  type: 'ComplianceAssessed',
  data: {
    assessmentId,
    at: now.toISOString(),
    by: admin,
    score: { percent: score.percent, earned: score.earned, max: score.max, unavailable: score.unavailable },
    checks: score.checks,
    standards,
    nextReview: '2030-05-30T10:00:00.000Z',
  },
};

describe('compliance decider', () => {
  it('records the checks run now, who ran them, and the next review 90 days later', () => {
    spec.given([]).when({ type: 'AssessCompliance', assessmentId, score, standards }).then([assessed]);
  });

  it('records an assessment once (its id is its stream)', () => {
    spec.given([assessed]).when({ type: 'AssessCompliance', assessmentId, score, standards }).thenThrows('assessment_recorded');
  });

  it('needs a logged-in administrator', () => {
    anonymous.given([]).when({ type: 'AssessCompliance', assessmentId, score, standards }).thenThrows('actor_required');
  });
});
