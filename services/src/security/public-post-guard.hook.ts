/**
 * The public POST guard as a Fastify onRequest hook (the transport side of public-post-guard.ts): refuses
 * blocked addresses (403) and rate-limited ones (429 with Retry-After) before body parsing or a handler.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SECURITY_ERRORS, errorMessage } from '@crm/contracts';
import type { IpBlocksService } from './ip-blocks.service.ts';
import { normalizeIp } from './ip-address.ts';
import { publicPostBuckets, type RateLimiter } from './public-post-guard.ts';

/** A refusal in the shape a tRPC client reads (so the web app shows a translated message, not "network error"). */
function trpcError(procedures: string[], batch: boolean, status: 403 | 429, domainCode: string, message: string, retryAfterSeconds: number | null) {
  const code = status === 403 ? 'FORBIDDEN' : 'TOO_MANY_REQUESTS';
  const one = (path: string) => ({
    error: {
      message,
      code: status === 403 ? -32003 : -32029,
      data: { code, httpStatus: status, path, domainCode, retryAfterSeconds, fieldErrors: null },
    },
  });
  return batch ? procedures.map(one) : one(procedures[0] ?? '');
}

function refuse(
  reply: FastifyReply,
  trpc: { procedures: string[]; batch: boolean } | null,
  status: 403 | 429,
  code: string,
  message: string,
  retryAfterSeconds: number | null,
) {
  if (retryAfterSeconds !== null) reply.header('retry-after', String(retryAfterSeconds));
  const body = trpc
    ? trpcError(trpc.procedures, trpc.batch, status, code, message, retryAfterSeconds)
    : { success: false, message, code, ...(retryAfterSeconds !== null ? { retryAfterSeconds } : {}) };
  return reply.code(status).send(body);
}

/** Installs the guard (an onRequest hook: refused requests never reach body parsing or a handler). */
export function registerPublicPostGuard(app: FastifyInstance, deps: { ipBlocks: IpBlocksService; rateLimiter: RateLimiter; now: () => Date }) {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const { buckets, trpc } = publicPostBuckets(request.method, request.url);
    if (buckets.length === 0) return;
    const ip = normalizeIp(request.ip) ?? 'unknown';
    if (await deps.ipBlocks.isBlocked(ip)) return refuse(reply, trpc, 403, SECURITY_ERRORS.ip_blocked.code, SECURITY_ERRORS.ip_blocked.message, null);
    const now = deps.now();
    for (const bucket of buckets) {
      const result = await deps.rateLimiter.hit(bucket, ip, now);
      if (!result.allowed) {
        return refuse(reply, trpc, 429, SECURITY_ERRORS.rate_limited.code, errorMessage(SECURITY_ERRORS.rate_limited, { seconds: result.retryAfterSeconds }), result.retryAfterSeconds);
      }
    }
  });
}
