import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { auditLogFilterInput, auditLogGetInput, auditLogListInput, auditVerifyInput } from '@crm/contracts';
import { commandContext, type AppServices } from '../platform/request-context.ts';
import { requestContext } from '../http/request-auth.ts';
import { registerRestRoute } from '../http/rest-route.ts';
import { auditCsvFileName } from './audit.csv.ts';

/**
 * The Audit Log viewer's REST paths (issue 14): `GET /api/admin/audit-logs` (search, dateRange, action, entity,
 * risk, page, limit → `{success, data, total, tiles, message}`), `/export` (CSV, streamed), `/verify` (the chain
 * walk) and `/:id`. Same service as the tRPC `audit` router; permission `audit:read`.
 */
export function registerAuditRoutes(app: FastifyInstance, services: AppServices) {
  const { audit } = services;

  registerRestRoute(app, {
    method: 'GET',
    url: '/api/admin/audit-logs',
    access: 'audit:read',
    async handler(request) {
      const input = auditLogListInput.parse({ ...(request.query as object) });
      const page = await audit.list(input);
      return {
        success: true,
        data: page.data,
        total: page.total,
        tiles: page.tiles,
        page: page.page,
        limit: page.limit,
        message: page.total === 0 ? 'No audit entries found' : `${page.total} audit entries`,
      };
    },
  });

  registerRestRoute(app, {
    method: 'GET',
    url: '/api/admin/audit-logs/export',
    access: 'audit:read',
    // The web app's Export CSV is a plain download (no way to add a bearer header): its cookie is accepted.
    allowCookie: true,
    async handler(request, reply) {
      const filter = auditLogFilterInput.parse({ ...(request.query as object) });
      const ctx = commandContext(requestContext(services, request, reply));
      const lines = await audit.exportCsv(filter, request.auth.user!.id, ctx);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${auditCsvFileName(ctx.now, services.config.businessTimeZone)}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines));
    },
  });

  registerRestRoute(app, {
    method: 'GET',
    url: '/api/admin/audit-logs/verify',
    access: 'audit:read',
    doc: {
      summary: 'Walks the hash chain; checks it holds every event applied and, with expectHead, a head recorded earlier',
      tags: ['audit'],
      query: auditVerifyInput,
    },
    async handler(request) {
      return { success: true, ...(await audit.verify(auditVerifyInput.parse({ ...(request.query as object) }))) };
    },
  });

  registerRestRoute(app, {
    method: 'GET',
    url: '/api/admin/audit-logs/:id',
    access: 'audit:read',
    async handler(request) {
      const { id } = auditLogGetInput.parse({ ...(request.params as object) });
      return { success: true, data: await audit.get(id) };
    },
  });
}
