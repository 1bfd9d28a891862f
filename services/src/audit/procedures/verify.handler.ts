import type { AuthedRequestContext } from '../../platform/request-context.ts';

export const verifyHandler = ({ ctx }: { ctx: AuthedRequestContext }) => ctx.services.audit.verify();
