import type { AuthedRequestContext } from '../../platform/request-context.ts';

export const summaryHandler = ({ ctx }: { ctx: AuthedRequestContext }) => ctx.services.securityCenter.summary();
