import type { SearchInput } from '@crm/contracts';
import type { AuthedRequestContext } from '../../platform/request-context.ts';

export const queryHandler = ({ ctx, input }: { ctx: AuthedRequestContext; input: SearchInput }) => ctx.services.search.search(ctx.user, input);
