import type { RequestContext } from '../../../platform/request-context.ts';

/** Every policy in force, its default and its last change, and the caller's own address (for the allow list). */
export const getPoliciesHandler = async ({ ctx }: { ctx: RequestContext }) => ctx.services.securityPolicies.view(ctx.ip);
