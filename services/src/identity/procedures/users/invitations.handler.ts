import type { RequestContext } from '../../../platform/request-context.ts';

/** Pending (unaccepted, unrevoked, unexpired) invitations, newest first. */
export const invitationsHandler = async ({ ctx }: { ctx: RequestContext }) => ({ invitations: await ctx.services.invitations.listPending() });
