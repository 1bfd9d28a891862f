import { tracked } from '@trpc/server';
import type { AuditLiveInput } from '@crm/contracts';
import type { AuthedRequestContext } from '../../platform/request-context.ts';

/**
 * New audit entries as the projection writes them, over server-sent events (httpSubscriptionLink). Each is sent
 * with its position as the event id (`tracked`): a reconnecting client sends it back as `lastEventId` and resumes
 * right after it; a new subscription starts from the newest entry.
 */
export async function* liveHandler({ ctx, input, signal }: { ctx: AuthedRequestContext; input: AuditLiveInput; signal: AbortSignal | undefined }) {
  const after = input.lastEventId ? Number(input.lastEventId) : null;
  for await (const entry of ctx.services.audit.live({ after, risk: input.risk, ...(signal ? { signal } : {}) })) {
    yield tracked(String(entry.position), entry);
  }
}
