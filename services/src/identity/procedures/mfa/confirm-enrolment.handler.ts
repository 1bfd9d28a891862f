import type { MfaCodeInput } from '@crm/contracts';
import { commandContext, type AuthedRequestContext } from '../../../platform/request-context.ts';

/** The first code turns MFA on; the ten recovery codes are answered once. */
export const confirmEnrolmentHandler = ({ ctx, input }: { ctx: AuthedRequestContext; input: MfaCodeInput }) =>
  ctx.services.mfa.confirmEnrolment(ctx.user, input.code, commandContext(ctx));
