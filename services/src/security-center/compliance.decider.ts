import {
  COMPLIANCE_REVIEW_DAYS,
  SECURITY_CENTER_ERRORS,
  SECURITY_ERRORS,
  domainError,
  type ComplianceEvent,
  type ComplianceStandardResult,
  type SecurityScore,
} from '@crm/contracts';
import type { CommandContext, Decider } from '../platform/decider.ts';

/** One compliance assessment (stream `compliance-assessment-<id>`): recorded once. */
export type ComplianceAssessmentState = { recorded: false } | { recorded: true; at: string };

/** Re-assess: the checks were run on the facts of this moment; the decider records their result. */
export type ComplianceCommand = { type: 'AssessCompliance'; assessmentId: string; score: SecurityScore; standards: ComplianceStandardResult[] };

const DAY_MS = 86_400_000;

export const complianceDecider: Decider<ComplianceAssessmentState, ComplianceCommand, ComplianceEvent> = {
  initialState: { recorded: false },
  evolve(_state, event) {
    switch (event.type) {
      case 'ComplianceAssessed':
        return { recorded: true, at: event.data.at };
      default: {
        const never: never = event.type;
        return never;
      }
    }
  },
  decide(command, state, ctx: CommandContext): ComplianceEvent[] {
    switch (command.type) {
      case 'AssessCompliance': {
        if (!ctx.userId) throw domainError(SECURITY_ERRORS.actor_required);
        if (state.recorded) throw domainError(SECURITY_CENTER_ERRORS.assessment_recorded);
        const { percent, earned, max, unavailable, checks } = command.score;
        return [
          {
            type: 'ComplianceAssessed',
            data: {
              assessmentId: command.assessmentId,
              at: ctx.now.toISOString(),
              by: ctx.userId,
              score: { percent, earned, max, unavailable },
              checks: checks.map((c) => ({ ...c, detail: { ...c.detail } })),
              standards: command.standards,
              nextReview: new Date(ctx.now.getTime() + COMPLIANCE_REVIEW_DAYS * DAY_MS).toISOString(),
            },
          },
        ];
      }
      default: {
        const never: never = command.type;
        return never;
      }
    }
  },
};
