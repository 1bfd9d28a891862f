import type { MfaDisableInput } from '@crm/contracts';
import { commandContext, type AuthedRequestContext } from '../../../platform/request-context.ts';

/** Turns the caller's MFA off: needs the password and a code (TOTP or recovery). */
export async function disableHandler({ ctx, input }: { ctx: AuthedRequestContext; input: MfaDisableInput }) {
  await ctx.services.mfa.disable(ctx.user, input, commandContext(ctx));
  return { ok: true as const };
}
