import { crmActor, type CustomerDetail } from '@crm/contracts';
import type { AuthedRequestContext } from '../../platform/request-context.ts';

/** The app's detail asks for deleted customers too: the service shows them only to those who may restore them. */
export function detailHandler({ ctx, input }: { ctx: AuthedRequestContext; input: { id: string } }): Promise<CustomerDetail> {
  return ctx.services.customers.detail(crmActor(ctx.user), input.id, { withDeleted: true });
}
