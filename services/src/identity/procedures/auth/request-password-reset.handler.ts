import type { z } from 'zod';
import type { passwordResetRequestInput } from '@crm/contracts';
import { RESET_REQUEST_MESSAGE } from '../../password-reset.service.ts';
import { commandContext, type RequestContext } from '../../../platform/request-context.ts';

/** The same answer whether or not the address belongs to an account. */
export async function requestPasswordResetHandler({ ctx, input }: { ctx: RequestContext; input: z.output<typeof passwordResetRequestInput> }) {
  await ctx.services.passwordReset.request(input, commandContext(ctx));
  return { success: true as const, message: RESET_REQUEST_MESSAGE };
}
