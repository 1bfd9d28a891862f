import type { RequestContext } from '../../../platform/request-context.ts';

export const accessUsersHandler = async ({ ctx }: { ctx: RequestContext }) => ({ users: await ctx.services.accessControl.list(ctx.services.now()) });
