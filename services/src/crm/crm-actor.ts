import { TRPCError } from '@trpc/server';
import { crmActor, type CrmActor } from '@crm/contracts';
import type { RequestContext } from '../platform/request-context.ts';

/** The CRM actor of an authenticated request (procedures with `crm:own` or above only reach here with a user). */
export function requestActor(ctx: Pick<RequestContext, 'user'>): CrmActor {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please log in' });
  return crmActor(ctx.user);
}
