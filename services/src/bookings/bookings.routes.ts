import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bookingListInput, bookingSetStatusInput } from '@crm/contracts';
import { commandContext, type AppServices } from '../platform/request-context.ts';
import { requestInputFor } from './procedures/request.handler.ts';
import { requestContext } from '../http/request-auth.ts';
import { registerRestRoute } from '../http/rest-route.ts';

const idempotencyKey = z.string().trim().min(1).max(255, 'must be at most 255 characters').optional();

/** The spec's `/api/...` calls (spec 01, section 7), as a thin adapter over the same services as tRPC. */
export function registerBookingRoutes(app: FastifyInstance, services: AppServices) {
  registerRestRoute(app, {
    method: 'POST',
    url: '/api/bookings',
    access: 'public',
    async handler(request, reply) {
      const key = idempotencyKey.safeParse(request.headers['idempotency-key']);
      if (!key.success) return reply.code(400).send({ success: false, message: 'Invalid input: Idempotency-Key must be 1 to 255 characters', errors: { 'Idempotency-Key': ['must be 1 to 255 characters'] } });
      const ctx = requestContext(services, request, reply);
      const input = requestInputFor(ctx).parse(request.body ?? {});
      const { booking, replayed } = await services.bookings.request(input, commandContext(ctx), key.data ?? null);
      return reply.code(replayed ? 200 : 201).send({ success: true, message: 'Booking request submitted successfully', booking });
    },
  });

  registerRestRoute(app, {
    method: 'GET',
    url: '/api/admin/bookings',
    access: 'bookings:read',
    async handler(request) {
      const filter = bookingListInput.parse(request.query ?? {});
      // One page (page, pageSize query parameters); counts cover every booking the filters match.
      return { success: true, ...(await services.bookings.list(filter, services.now())) };
    },
  });

  registerRestRoute(app, {
    method: 'PUT',
    url: '/api/admin/bookings',
    access: 'bookings:manage',
    body: bookingSetStatusInput,
    async handler(request, reply, body) {
      const booking = await services.bookings.setStatus(body.id, body.status, commandContext(requestContext(services, request, reply)));
      return { success: true, message: 'Booking status updated', booking };
    },
  });
}
