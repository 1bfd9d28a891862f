import type { AuthedRequestContext } from '../../../platform/request-context.ts';

/** Whether the caller's MFA is on (or waiting for its first code) and how many recovery codes are left. */
export const statusHandler = ({ ctx }: { ctx: AuthedRequestContext }) => ctx.services.mfa.status(ctx.user.id);
