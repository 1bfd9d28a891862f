import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { blockIpInput, ipAddressSchema, loginHistoryExportInput, loginHistoryInput } from '@crm/contracts';
import { csvFileName, csvHeader, csvRow } from './login-history.csv.ts';
import { commandContext, type AppServices } from '../platform/request-context.ts';
import { requestContext } from '../http/request-auth.ts';
import { registerRestRoute } from '../http/rest-route.ts';

const ipParam = z.object({ ip: ipAddressSchema });

/**
 * Login history and IP blocks (spec 02 "Login History viewer", §7 GET /api/admin/login-history, §9 CSV).
 * Same services as the tRPC `security` router.
 */
export function registerSecurityRoutes(app: FastifyInstance, services: AppServices) {
  const { loginHistory, ipBlocks } = services.security;

  registerRestRoute(app, {
    method: 'GET',
    url: '/api/admin/login-history',
    access: 'security:read',
    async handler(request) {
      const filter = loginHistoryInput.parse(request.query ?? {});
      const result = await loginHistory.list(filter, services.now());
      return {
        success: true,
        data: result.records,
        summary: result.summary,
        days: result.days,
        total: result.total,
        page: result.page,
        limit: result.limit,
        message: result.records.length === 0 ? 'No login records found' : `${result.total} login records`,
      };
    },
  });

  registerRestRoute(app, {
    method: 'GET',
    url: '/api/admin/login-history/export',
    access: 'security:read',
    // The web app's Export CSV is a plain download (no way to add a bearer header): its cookie is accepted.
    allowCookie: true,
    async handler(request, reply) {
      const filter = loginHistoryExportInput.parse(request.query ?? {});
      const now = services.now();
      await loginHistory.recordExport(filter, request.auth.user!.id, commandContext(requestContext(services, request, reply)));
      async function* lines() {
        yield csvHeader();
        for await (const batch of loginHistory.iterate(filter, now)) yield batch.map(csvRow).join('');
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName(now, services.config.businessTimeZone)}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines()));
    },
  });

  registerRestRoute(app, {
    method: 'GET',
    url: '/api/admin/blocked-ips',
    access: 'security:read',
    async handler() {
      return { success: true, data: await ipBlocks.list() };
    },
  });

  registerRestRoute(app, {
    method: 'POST',
    url: '/api/admin/blocked-ips',
    access: 'security:manage',
    body: blockIpInput,
    async handler(request, reply, body) {
      const blocked = await ipBlocks.block(body, commandContext(requestContext(services, request, reply)));
      return reply.code(201).send({ success: true, message: `IP address ${blocked.ip} has been blocked`, data: blocked });
    },
  });

  registerRestRoute(app, {
    method: 'DELETE',
    url: '/api/admin/blocked-ips/:ip',
    access: 'security:manage',
    async handler(request, reply) {
      const { ip } = ipParam.parse(request.params);
      await ipBlocks.unblock(ip, commandContext(requestContext(services, request, reply)));
      return { success: true, message: `IP address ${ip} has been unblocked` };
    },
  });
}
