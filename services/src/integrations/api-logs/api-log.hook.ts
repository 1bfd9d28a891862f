/**
 * Records every request made with an API key into the API log, off the request path: `onSend` notes the error
 * code and message of a refused request (never a body), `onResponse` (after the reply has gone) hands the row to
 * the batch writer. Requests without an API key are not logged here.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiLogsService } from './api-logs.service.ts';

const errors = new WeakMap<FastifyRequest, { code: string | null; message: string | null }>();

/** The key the request authenticated with (request.auth.apiKey, set by the API key authentication). */
function apiKeyOf(request: FastifyRequest): { id: string; name: string } | null {
  const auth = request.auth as { apiKey?: { id: string; name: string } | null } | null | undefined;
  return auth?.apiKey ?? null;
}

export function registerApiLogHook(app: FastifyInstance, apiLogs: ApiLogsService) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 && apiKeyOf(request) && typeof payload === 'string' && payload.length < 8192) {
      try {
        const body = JSON.parse(payload) as { code?: unknown; message?: unknown };
        errors.set(request, {
          code: typeof body.code === 'string' ? body.code.slice(0, 100) : null,
          message: typeof body.message === 'string' ? body.message.slice(0, 500) : null,
        });
      } catch {
        // Not JSON: no message to keep.
      }
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const key = apiKeyOf(request);
    if (!key) return;
    const path = request.url.split('?', 1)[0] ?? request.url;
    const error = errors.get(request);
    apiLogs.record({
      source: 'api',
      at: new Date(Date.now() - reply.elapsedTime),
      method: request.method,
      endpoint: request.routeOptions.url ?? path,
      path: path.slice(0, 2000),
      status: reply.statusCode,
      durationMs: reply.elapsedTime,
      requestId: request.correlationId || String(request.id),
      keyId: key.id,
      keyName: key.name,
      errorCode: error?.code ?? (reply.statusCode >= 400 ? String(reply.statusCode) : null),
      errorMessage: error?.message ?? null,
    });
  });
}
