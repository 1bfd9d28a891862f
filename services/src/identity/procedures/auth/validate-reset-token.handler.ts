import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { INVALID_RESET_TOKEN, type passwordResetValidateInput } from '@crm/contracts';
import { RESET_VALID_MESSAGE } from '../../password-reset.service.ts';
import type { RequestContext } from '../../../platform/request-context.ts';

/** A known, unused, unexpired token: the account's e-mail (the page shows whose password is reset). */
export async function validateResetTokenHandler({ ctx, input }: { ctx: RequestContext; input: z.output<typeof passwordResetValidateInput> }) {
  const valid = await ctx.services.passwordReset.validate(input.token);
  if (!valid) throw new TRPCError({ code: 'BAD_REQUEST', message: INVALID_RESET_TOKEN });
  return { success: true as const, email: valid.email, message: RESET_VALID_MESSAGE };
}
