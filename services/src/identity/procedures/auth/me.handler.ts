import type { RequestContext } from '../../../platform/request-context.ts';

export const meHandler = ({ ctx }: { ctx: RequestContext }) => ctx.user;
