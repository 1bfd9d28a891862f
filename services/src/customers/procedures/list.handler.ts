import { crmActor, type CustomerListInput } from '@crm/contracts';
import type { AuthedRequestContext } from '../../platform/request-context.ts';

export const listHandler = ({ ctx, input }: { ctx: AuthedRequestContext; input: CustomerListInput }) => ctx.services.customers.list(crmActor(ctx.user), input);
