import type { RequestContext } from '../../context.ts';

export const meHandler = ({ ctx }: { ctx: RequestContext }) => ctx.user;
