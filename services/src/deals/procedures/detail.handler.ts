import { crmActor } from '@crm/contracts';
import type { AuthedRequestContext } from '../../platform/request-context.ts';

export const detailHandler = ({ ctx, input }: { ctx: AuthedRequestContext; input: { id: string } }) => ctx.services.deals.get(crmActor(ctx.user), input.id);
