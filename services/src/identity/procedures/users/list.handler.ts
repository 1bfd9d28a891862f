import type { UserListInput } from '@crm/contracts';
import type { RequestContext } from '../../../platform/request-context.ts';

export const listHandler = ({ ctx, input }: { ctx: RequestContext; input: UserListInput }) => ctx.services.users.list(input);
