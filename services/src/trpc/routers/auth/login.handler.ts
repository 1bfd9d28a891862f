import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { loginInput } from '@crm/contracts';
import type { RequestContext } from '../../context.ts';

/** A new session at every login; the session id only ever travels in the HttpOnly cookie. */
export async function loginHandler({ ctx, input }: { ctx: RequestContext; input: z.infer<typeof loginInput> }) {
  const user = await ctx.services.accounts.authenticate(input.email, input.password);
  if (ctx.sessionId) await ctx.services.sessions.end(ctx.sessionId, 'logout');
  const session = await ctx.services.sessions.create(user.id, { loginId: randomUUID(), ip: ctx.ip, userAgent: ctx.userAgent });
  ctx.setCookie(session.cookie);
  return { user };
}
