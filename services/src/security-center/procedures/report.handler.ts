import type { ComplianceReportInput } from '@crm/contracts';
import type { AuthedRequestContext } from '../../platform/request-context.ts';

export const reportHandler = ({ ctx, input }: { ctx: AuthedRequestContext; input: ComplianceReportInput }) => ctx.services.securityCenter.report(input.assessmentId);
