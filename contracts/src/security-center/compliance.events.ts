import { z } from 'zod';
import { auditedEvent } from '../platform/audit.ts';
import { COMPLIANCE_STANDARD_IDS, COMPLIANCE_STATUSES, SECURITY_CHECK_IDS, SECURITY_CHECK_STATUSES } from './security-checks.ts';

const checkResultV1 = z.object({
  id: z.enum(SECURITY_CHECK_IDS),
  /** The check's English title (optional: the first recorded assessments had none). */
  title: z.string().optional(),
  status: z.enum(SECURITY_CHECK_STATUSES),
  earned: z.number().min(0),
  max: z.number().min(0),
  detail: z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null()])),
  fix: z.string().startsWith('/admin/'),
});

const standardResultV1 = z.object({
  standard: z.enum(COMPLIANCE_STANDARD_IDS),
  name: z.string(),
  status: z.enum(COMPLIANCE_STATUSES),
  score: z.number().min(0).max(100),
  violations: z.number().int().min(0),
  improvements: z.array(z.enum(SECURITY_CHECK_IDS)),
  unavailable: z.number().int().min(0),
});

/**
 * Re-assess in the Compliance tab: the checks were run now and their results recorded (stream
 * `compliance-assessment-<assessmentId>`). The Full Report is this event.
 */
export const complianceAssessedV1 = z.object({
  assessmentId: z.string().uuid(),
  at: z.iso.datetime(),
  by: z.string().uuid(),
  /** The Security Score at that moment. */
  score: z.object({ percent: z.number().min(0).max(100), earned: z.number().min(0), max: z.number().min(0), unavailable: z.number().int().min(0) }),
  checks: z.array(checkResultV1),
  standards: z.array(standardResultV1),
  nextReview: z.iso.datetime(),
});
export type ComplianceAssessment = z.infer<typeof complianceAssessedV1>;

export const complianceEventSchemas = {
  ComplianceAssessed: auditedEvent(1, complianceAssessedV1, {
    entity: 'compliance',
    entityId: (d) => d.assessmentId,
    action: 'ASSESS',
    risk: 'low',
    state: (d) => ({ score: d.score.percent, ...Object.fromEntries(d.standards.map((s) => [s.standard, s.score])) }),
  }),
} as const;

type Schemas = typeof complianceEventSchemas;
export type ComplianceEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]['schema']> } }[keyof Schemas];

export const complianceAssessmentStreamId = (id: string) => `compliance-assessment-${id}`;
