import { crmActor, type DashboardInput } from '@crm/contracts';
import type { AuthedRequestContext } from '../../platform/request-context.ts';

export const analyticsHandler = ({ ctx, input }: { ctx: AuthedRequestContext; input: DashboardInput }) => ctx.services.dashboard.analytics(crmActor(ctx.user), input);
