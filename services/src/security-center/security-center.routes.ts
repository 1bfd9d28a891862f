import type { FastifyInstance } from 'fastify';
import { complianceReportInput } from '@crm/contracts';
import { requestContext } from '../http/request-auth.ts';
import { registerRestRoute } from '../http/rest-route.ts';
import { commandContext, type AppServices } from '../platform/request-context.ts';
import { complianceReportCsv, complianceReportFileName } from './compliance-report.csv.ts';

/**
 * `GET /api/admin/security/summary`: the Security & Audit Center's four cards (`{ success, data }`), and
 * `GET /api/admin/security/compliance/report?assessmentId=&format=json|csv`: the Full Report of an assessment
 * (the latest without an id) as a download. The report also takes the web app's session cookie (a GET the
 * browser downloads itself, like the CSV exports).
 */
export function registerSecurityCenterRoutes(app: FastifyInstance, services: AppServices) {
  registerRestRoute(app, {
    method: 'GET',
    url: '/api/admin/security/summary',
    access: 'security:read',
    async handler() {
      return { success: true, data: await services.securityCenter.summary() };
    },
  });

  registerRestRoute(app, {
    method: 'GET',
    url: '/api/admin/security/compliance/report',
    access: 'security:read',
    allowCookie: true,
    async handler(request, reply) {
      const input = complianceReportInput.parse(request.query ?? {});
      const report = await services.securityCenter.report(input.assessmentId, request.auth.user!.id, commandContext(requestContext(services, request, reply)));
      const body = input.format === 'csv' ? complianceReportCsv(report) : `${JSON.stringify(report, null, 2)}\n`;
      return reply
        .header('content-type', input.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${complianceReportFileName(report, input.format)}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  });
}
