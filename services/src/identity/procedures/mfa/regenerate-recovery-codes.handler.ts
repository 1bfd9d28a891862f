import type { MfaCodeInput } from '@crm/contracts';
import { commandContext, type AuthedRequestContext } from '../../../platform/request-context.ts';

/** A new set of ten recovery codes (answered once; the previous set stops working); needs a current code. */
export const regenerateRecoveryCodesHandler = ({ ctx, input }: { ctx: AuthedRequestContext; input: MfaCodeInput }) =>
  ctx.services.mfa.regenerateRecoveryCodes(ctx.user, input.code, commandContext(ctx));
