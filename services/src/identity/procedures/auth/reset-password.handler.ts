import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { INVALID_RESET_TOKEN, type passwordResetInput } from '@crm/contracts';
import { RESET_DONE_MESSAGE } from '../../password-reset.service.ts';
import { commandContext, type RequestContext } from '../../../platform/request-context.ts';

/** Consumes the token (single use), sets the new password and ends every session of the account. */
export async function resetPasswordHandler({ ctx, input }: { ctx: RequestContext; input: z.output<typeof passwordResetInput> }) {
  if (!(await ctx.services.passwordReset.reset(input, commandContext(ctx)))) throw new TRPCError({ code: 'BAD_REQUEST', message: INVALID_RESET_TOKEN });
  return { success: true as const, message: RESET_DONE_MESSAGE };
}
