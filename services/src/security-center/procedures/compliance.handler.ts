import type { AuthedRequestContext } from '../../platform/request-context.ts';

export const complianceHandler = ({ ctx }: { ctx: AuthedRequestContext }) => ctx.services.securityCenter.compliance();
