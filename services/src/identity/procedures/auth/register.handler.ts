import type { RegisterInput } from '@crm/contracts';
import { commandContext, type RequestContext } from '../../../platform/request-context.ts';

/** Self-registration: always type `user`, awaiting approval; the same answer when the e-mail is taken. */
export const registerHandler = ({ ctx, input }: { ctx: RequestContext; input: RegisterInput }) =>
  ctx.services.registration.register(input, commandContext(ctx));
