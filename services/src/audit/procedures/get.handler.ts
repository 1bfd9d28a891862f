import type { AuthedRequestContext } from '../../platform/request-context.ts';

export const getHandler = ({ ctx, input }: { ctx: AuthedRequestContext; input: { id: string } }) => ctx.services.audit.get(input.id);
