import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { submissionListInput } from '@crm/contracts';
import { commandContext, type AppServices } from '../platform/request-context.ts';
import { requestContext } from '../http/request-auth.ts';
import { registerRestRoute } from '../http/rest-route.ts';

const exportInput = submissionListInput.omit({ page: true, limit: true });

/**
 * `GET /api/marketing/submissions` → `{ success, submissions, total, page, limit, spamTotal }` (the Form Submissions
 * tab; the same service as tRPC `marketing.submissions.list`) and `GET /api/marketing/submissions/export` (the
 * CSV of every submission the filters match, streamed; audited as DataExported `form_submissions_csv`).
 */
export function registerSubmissionRoutes(app: FastifyInstance, services: AppServices) {
  registerRestRoute(app, {
    method: 'GET',
    url: '/api/marketing/submissions',
    access: 'marketing:read',
    doc: { summary: 'Form submissions with their data, source, UTM, campaign and the lead they created; spam apart', tags: ['marketing'], query: submissionListInput },
    async handler(request) {
      const input = submissionListInput.parse({ ...(request.query as object) });
      return { success: true, ...(await services.submissions.list(input)) };
    },
  });

  // The web app's Export CSV is a plain download (no way to add a bearer header): its cookie is accepted.
  registerRestRoute(app, {
    method: 'GET',
    url: '/api/marketing/submissions/export',
    access: 'marketing:read',
    allowCookie: true,
    doc: { summary: 'The CSV of the form submissions the filters match (audited export)', tags: ['marketing'], query: exportInput },
    async handler(request, reply) {
      const filter = exportInput.parse({ ...(request.query as object) });
      const lines = services.submissions.exportCsv(filter, request.auth.user!.id, commandContext(requestContext(services, request, reply)));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${services.submissions.csvFileName(services.now())}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines));
    },
  });
}
