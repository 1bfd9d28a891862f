import type { ComplianceReportInput } from '@crm/contracts';
import { commandContext, type AuthedRequestContext } from '../../platform/request-context.ts';

export const reportHandler = ({ ctx, input }: { ctx: AuthedRequestContext; input: ComplianceReportInput }) => ctx.services.securityCenter.report(input.assessmentId, ctx.user.id, commandContext(ctx));
