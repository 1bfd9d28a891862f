import type { SecurityAlertsListInput } from '@crm/contracts';
import type { RequestContext } from '../../../platform/request-context.ts';

export const listAlertsHandler = ({ ctx, input }: { ctx: RequestContext; input: SecurityAlertsListInput }) => ctx.services.securityAlerts.list(input);
