import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MARKETING_ERRORS, domainError, formSlug, formSubmissionInput, formViewInput } from '@crm/contracts';
import { commandContext, type AppServices } from '../platform/request-context.ts';
import { requestContext } from '../http/request-auth.ts';
import { registerRestRoute } from '../http/rest-route.ts';
import { answerFormCors } from './embed-origins.ts';

/** The live form named by the path (a malformed slug is as unknown as a missing form: 404 form_unavailable). */
async function formOf(services: AppServices, request: FastifyRequest) {
  const slug = formSlug.safeParse((request.params as { slug?: unknown }).slug);
  if (!slug.success) throw domainError(MARKETING_ERRORS.form_unavailable);
  return services.publicForms.find(slug.data);
}

/**
 * The public lead-form endpoints (issue 16; docs/MARKETING.md "Public form endpoints"): anyone may call them;
 * the two POSTs are rate limited per address (groups `forms` and `form_views`, security/public-post-guard.ts).
 * Another site's page (an `Origin` that is not ours) gets CORS headers when the form allows that origin, else
 * 403 `form_origin_not_allowed` (embed-origins.ts). Errors: 404 `form_unavailable` (unknown, inactive or deleted
 * form), 400 naming the fields (`data.<name>` for the answers), 422 `form_token_invalid` (a token of another
 * form, forged or older than 24 hours: the page must be reloaded), 429 with Retry-After.
 */
export function registerPublicFormRoutes(app: FastifyInstance, services: AppServices) {
  registerRestRoute(app, {
    method: 'GET',
    url: '/api/forms/:slug',
    access: 'public',
    doc: { summary: 'A published lead form (title, fields, redirect) and a form token to send back with the submission', tags: ['forms'] },
    async handler(request, reply) {
      const form = await formOf(services, request);
      answerFormCors(request, reply, form.allowedOrigins);
      const served = await services.publicForms.serve(form, services.now());
      return reply.header('cache-control', 'no-store').send({ success: true, ...served });
    },
  });

  registerRestRoute(app, {
    method: 'POST',
    url: '/api/forms/:slug/views',
    access: 'public',
    body: formViewInput,
    doc: { summary: 'Counts one view of a lead form (once per form token)', tags: ['forms'] },
    async handler(request, reply, body) {
      const form = await formOf(services, request);
      answerFormCors(request, reply, form.allowedOrigins);
      const { counted } = await services.publicForms.recordView(form, body, commandContext(requestContext(services, request, reply)));
      return { success: true, counted };
    },
  });

  registerRestRoute(app, {
    method: 'POST',
    url: '/api/forms/:slug/submissions',
    access: 'public',
    body: formSubmissionInput,
    doc: {
      summary: 'Submits a lead form: the answers are checked against its fields; the submitter becomes a lead (or their customer record is updated)',
      tags: ['forms'],
    },
    async handler(request, reply, body) {
      const form = await formOf(services, request);
      answerFormCors(request, reply, form.allowedOrigins);
      const result = await services.publicForms.submit(form, body, commandContext(requestContext(services, request, reply)));
      return reply.code(201).send({ success: true, message: result.message, ...(result.redirectUrl ? { redirectUrl: result.redirectUrl } : {}) });
    },
  });
}
