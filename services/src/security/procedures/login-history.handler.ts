import type { LoginHistoryInput } from '@crm/contracts';
import type { RequestContext } from '../../platform/request-context.ts';

export const loginHistoryHandler = ({ ctx, input }: { ctx: RequestContext; input: LoginHistoryInput }) =>
  ctx.services.security.loginHistory.list(input, ctx.services.now());
