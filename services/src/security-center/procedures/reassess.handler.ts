import { commandContext, type AuthedRequestContext } from '../../platform/request-context.ts';

/** Runs the checks now, records ComplianceAssessed and answers the compliance overview it gives. */
export const reassessHandler = ({ ctx }: { ctx: AuthedRequestContext }) => ctx.services.securityCenter.reassess(commandContext(ctx));
