import { complianceReportInput } from '@crm/contracts';
import { procedure, router } from '../../trpc/trpc.ts';
import { complianceHandler } from './compliance.handler.ts';
import { reassessHandler } from './reassess.handler.ts';
import { reportHandler } from './report.handler.ts';
import { summaryHandler } from './summary.handler.ts';

/** The Security & Audit Center (issue 14): its cards, compliance, Re-assess and the Full Report. */
export const securityCenterRouter = router({
  /** Security Score with its checks, active sessions, open alerts, compliance. */
  summary: procedure('security:read').query(summaryHandler),
  /** A card per standard (latest assessment, or the checks run now when none was recorded). */
  compliance: procedure('security:read').query(complianceHandler),
  /** Runs the checks now and records a ComplianceAssessed. */
  reassess: procedure('security:manage').mutation(reassessHandler),
  /** One recorded assessment (the latest without an id). */
  report: procedure('security:read').input(complianceReportInput).query(reportHandler),
});
