/**
 * The admin area's IP allow list as a Fastify onRequest hook: while the policy is enabled, every REST route and
 * tRPC procedure that needs a permission (not `public`, not `authenticated`) is refused with 403
 * `ip_not_allowed` to an address outside the list, before auth, body parsing or a handler. Public pages, login,
 * logout and one's own profile stay reachable. A tRPC batch with any such procedure is refused whole.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { POLICY_ERRORS, type Access } from '@crm/contracts';
import type { SecurityPoliciesService } from './security-policies.service.ts';

const needsPermission = (access: Access | undefined) => access !== undefined && access !== 'public' && access !== 'authenticated';

function refuse(reply: FastifyReply, trpc: { procedures: string[]; batch: boolean } | null) {
  const { code, message } = POLICY_ERRORS.ip_not_allowed;
  if (!trpc) return reply.code(403).send({ success: false, message, code });
  const one = (path: string) => ({
    error: { message, code: -32003, data: { code: 'FORBIDDEN', httpStatus: 403, path, domainCode: code, retryAfterSeconds: null, fieldErrors: null } },
  });
  return reply.code(403).send(trpc.batch ? trpc.procedures.map(one) : one(trpc.procedures[0] ?? ''));
}

/** The tRPC procedures a request calls (`/trpc/a.b,c.d?batch=1`), or null for any other URL. */
function trpcCall(url: string): { procedures: string[]; batch: boolean } | null {
  const [path = '', query = ''] = url.split('?', 2);
  if (!path.startsWith('/trpc/')) return null;
  try {
    return { procedures: decodeURIComponent(path.slice('/trpc/'.length)).split(','), batch: new URLSearchParams(query).get('batch') === '1' };
  } catch {
    return { procedures: [], batch: false };
  }
}

export function registerAdminIpAllowList(
  app: FastifyInstance,
  deps: { policies: SecurityPoliciesService; procedureAccess: (name: string) => Access | undefined },
) {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const trpc = trpcCall(request.url);
    const guarded = trpc
      ? trpc.procedures.some((name) => needsPermission(deps.procedureAccess(name)))
      : request.url.startsWith('/api/') && needsPermission((request.routeOptions.config as { access?: Access } | undefined)?.access);
    if (!guarded) return;
    if (await deps.policies.adminIpAllowed(request.ip ?? null)) return;
    return refuse(reply, trpc);
  });
}
