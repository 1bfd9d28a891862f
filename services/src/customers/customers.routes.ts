import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CRM_LIMITS, NUL_CHARACTER_MESSAGE, crmActor, customerCreateInput, customerIdInput, customerListInput, customerUpdateInput, entityId } from '@crm/contracts';
import { customerCsvFileName } from './customers.csv.ts';
import { FileRejectedError } from './file-inspection.ts';
import { commandContext, type AppServices } from '../platform/request-context.ts';
import { requestContext } from '../http/request-auth.ts';
import { registerRestRoute } from '../http/rest-route.ts';

const exportInput = customerListInput.pick({ search: true, status: true, leadSource: true });
const fileParams = z.object({ id: entityId('customer'), fileId: entityId('file') });

/** `attachment` with an ASCII fallback and the exact UTF-8 name (RFC 6266 / 5987). */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function paramsOf(request: FastifyRequest) {
  return (request.params ?? {}) as Record<string, string>;
}

/** The spec's `/api/crm/customers` calls (spec 02 §7), as a thin adapter over the same services as tRPC. */
export function registerCustomersRoutes(app: FastifyInstance, services: AppServices) {
  const { customers } = services;
  const ctxOf = (request: FastifyRequest, reply: FastifyReply) => commandContext(requestContext(services, request, reply));

  registerRestRoute(app, {
    method: 'GET',
    url: '/api/crm/customers',
    access: 'crm:own',
    async handler(request) {
      const filter = customerListInput.parse(request.query ?? {});
      // `deleted=true` lists deleted customers (to restore one): only with `crm:restore` (the service refuses).
      const result = await customers.list(crmActor(request.auth.user!), filter);
      return {
        success: true,
        data: result.customers,
        message: result.customers.length === 0 ? 'No customers found' : `${result.totalIsEstimate ? 'More than ' : ''}${result.total} customers`,
        pagination: { page: result.page, limit: result.limit, total: result.total, totalIsEstimate: result.totalIsEstimate },
      };
    },
  });

  registerRestRoute(app, {
    method: 'POST',
    url: '/api/crm/customers',
    access: 'crm:own',
    body: customerCreateInput,
    async handler(request, reply, body) {
      const customer = await customers.create(crmActor(request.auth.user!), body, ctxOf(request, reply));
      return reply.code(201).send({ success: true, message: 'Customer created', data: customer });
    },
  });

  // The web app's Export CSV is a plain download (no way to add a bearer header): its cookie is accepted.
  registerRestRoute(app, {
    method: 'GET',
    url: '/api/crm/customers/export',
    access: 'crm:own',
    allowCookie: true,
    async handler(request, reply) {
      const filter = exportInput.parse(request.query ?? {});
      const lines = customers.exportCsv(crmActor(request.auth.user!), filter, commandContext(requestContext(services, request, reply)));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${customerCsvFileName(services.now(), services.config.businessTimeZone)}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines));
    },
  });

  registerRestRoute(app, {
    method: 'GET',
    url: '/api/crm/customers/:id',
    access: 'crm:own',
    async handler(request) {
      const { id } = customerIdInput.parse(paramsOf(request));
      const detail = await customers.detail(crmActor(request.auth.user!), id);
      return { success: true, data: detail.customer, communications: detail.communications, files: detail.files, deals: detail.deals, tasks: detail.tasks };
    },
  });

  registerRestRoute(app, {
    method: 'PUT',
    url: '/api/crm/customers/:id',
    access: 'crm:own',
    async handler(request, reply) {
      const body = request.body && typeof request.body === 'object' ? request.body : {};
      const input = customerUpdateInput.parse({ ...body, id: paramsOf(request).id });
      const customer = await customers.update(crmActor(request.auth.user!), input, ctxOf(request, reply));
      return { success: true, message: 'Customer updated', data: customer };
    },
  });

  registerRestRoute(app, {
    method: 'DELETE',
    url: '/api/crm/customers/:id',
    access: 'crm:own',
    async handler(request, reply) {
      const { id } = customerIdInput.parse(paramsOf(request));
      const customer = await customers.delete(crmActor(request.auth.user!), id, ctxOf(request, reply));
      return { success: true, message: 'Customer deleted', data: customer };
    },
  });

  registerRestRoute(app, {
    method: 'POST',
    url: '/api/crm/customers/:id/restore',
    access: 'crm:restore',
    async handler(request, reply) {
      const { id } = customerIdInput.parse(paramsOf(request));
      const customer = await customers.restore(crmActor(request.auth.user!), id, ctxOf(request, reply));
      return { success: true, message: 'Customer restored', data: customer };
    },
  });

  registerRestRoute(app, {
    method: 'GET',
    url: '/api/crm/customers/:id/files/:fileId',
    access: 'crm:own',
    // The detail dialog's download links are plain navigations: the cookie is accepted (a GET changes nothing).
    allowCookie: true,
    async handler(request, reply) {
      const { id, fileId } = fileParams.parse(paramsOf(request));
      const { file, content } = await customers.readFile(crmActor(request.auth.user!), id, fileId);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', attachmentDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(content);
    },
  });

  registerRestRoute(app, {
    method: 'DELETE',
    url: '/api/crm/customers/:id/files/:fileId',
    access: 'crm:own',
    async handler(request, reply) {
      const { id, fileId } = fileParams.parse(paramsOf(request));
      const file = await customers.deleteFile(crmActor(request.auth.user!), id, fileId, ctxOf(request, reply));
      return { success: true, message: 'File deleted', file };
    },
  });

  // The upload takes the raw body as a stream (any content type: the service checks it), in its own scope
  // so no other route gets this parser. The size limit is enforced while streaming (413).
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    registerRestRoute(scope, {
      method: 'POST',
      url: '/api/crm/customers/:id/files',
      access: 'crm:own',
      allowCookieWithCsrfHeader: true,
      async handler(request, reply) {
        const { id } = customerIdInput.parse(paramsOf(request));
        const rawName = request.headers['x-file-name'];
        let name = '';
        try {
          name = typeof rawName === 'string' ? decodeURIComponent(rawName).trim() : '';
        } catch {
          name = '';
        }
        z.object({
          'x-file-name': z
            .string()
            .min(1, 'is required (the URI-encoded file name)')
            .max(CRM_LIMITS.fileName, `must be at most ${CRM_LIMITS.fileName} characters`)
            .refine((v) => !v.includes('\u0000'), NUL_CHARACTER_MESSAGE),
        }).parse({
          'x-file-name': name,
        });
        const body = request.body;
        const content = body instanceof Readable ? body : Readable.from(Buffer.alloc(0));
        const length = Number(request.headers['content-length']);
        try {
          const file = await customers.attachFile(
            crmActor(request.auth.user!),
            { customerId: id, name, contentType: request.headers['content-type'], declaredSize: Number.isFinite(length) ? length : null, content },
            ctxOf(request, reply),
          );
          return reply.code(201).send({ success: true, message: 'File uploaded', file });
        } catch (err) {
          if (!(err instanceof FileRejectedError)) throw err;
          // Whatever the client still sends is read and dropped, so it receives the answer; a declared size far
          // over the limit is not worth reading: the connection closes after the answer.
          if (err.status === 413 && Number.isFinite(length) && length > 2 * CRM_LIMITS.fileBytes) reply.header('connection', 'close');
          else if (body instanceof Readable && !body.readableEnded) body.resume();
          return reply.code(err.status).send({ success: false, message: err.message, code: err.code });
        }
      },
    });
  });
}
