import type { AccessActionInput } from '@crm/contracts';
import { commandContext, type AuthedRequestContext } from '../../../platform/request-context.ts';

export const accessActHandler = ({ ctx, input }: { ctx: AuthedRequestContext; input: AccessActionInput }) =>
  ctx.services.accessControl.act({ userId: input.userId, action: input.action, reason: input.reason || null }, { userId: ctx.user.id, userType: ctx.user.userType }, commandContext(ctx), ctx.sessionId);
