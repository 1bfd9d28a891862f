/**
 * The OpenAPI 3.1 document of the REST API (issue 15, "API documentation"), generated from the routes as they
 * are registered: every route under /api with its method, path, access and, for routes declared through
 * registerRestRoute, the same zod schemas they validate with (body; and query, path parameters and answer where
 * the route's `doc` declares them), converted with zod 4's `z.toJSONSchema`. Served at GET /api/openapi.json.
 */
import type { FastifyInstance } from 'fastify';
import { z, type ZodType } from 'zod';
import type { DeclaredRoute } from './server.ts';
import { registerRestRoute } from './rest-route.ts';

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
  tags: { name: string }[];
  paths: Record<string, Record<string, unknown>>;
}

/** The segments that say where a route lives, not what it is about. */
const NOT_TAGS = new Set(['api', 'admin', 'crm', 'public', 'v1']);

/** `/api/admin/customers/:id` → `/api/admin/customers/{id}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function pathParams(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
}

function tagOf(url: string): string {
  return url.split('/').find((s) => s !== '' && !NOT_TAGS.has(s) && !s.startsWith(':')) ?? 'api';
}

function jsonSchema(schema: ZodType, io: 'input' | 'output'): JsonSchema {
  const converted = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  delete converted.$schema;
  return converted;
}

/** The properties of an object schema as parameters `in` query or path. */
function parameters(schema: ZodType | undefined, where: 'query' | 'path', names: string[]): unknown[] {
  const properties = schema ? ((jsonSchema(schema, 'input').properties ?? {}) as Record<string, JsonSchema>) : {};
  const required = schema ? new Set(((jsonSchema(schema, 'input').required ?? []) as string[])) : new Set<string>();
  const all = where === 'path' ? [...new Set([...names, ...Object.keys(properties)])] : Object.keys(properties);
  return all.map((name) => ({
    name,
    in: where,
    required: where === 'path' ? true : required.has(name) && properties[name]?.default === undefined,
    schema: properties[name] ?? { type: 'string' },
    ...(typeof properties[name]?.description === 'string' ? { description: properties[name].description } : {}),
  }));
}

const ERROR_RESPONSE = {
  description: 'Refused: `{ success: false, message, code?, errors? }`',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

function operation(route: DeclaredRoute): Record<string, unknown> {
  const doc = route.doc ?? {};
  const method = route.method.toUpperCase();
  const op: Record<string, unknown> = {
    operationId: `${method.toLowerCase()}${openApiPath(route.url).replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    summary: doc.summary ?? `${method} ${route.url}`,
    tags: doc.tags ?? [tagOf(route.url)],
    'x-access': route.access,
  };
  if (doc.description) op.description = doc.description;
  const params = [...parameters(doc.params, 'path', pathParams(route.url)), ...parameters(doc.query, 'query', [])];
  if (params.length > 0) op.parameters = params;
  if (route.body) op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } };
  op.responses = {
    '200': {
      description: 'Success',
      content: { 'application/json': { schema: doc.response ? jsonSchema(doc.response, 'output') : { type: 'object', properties: { success: { const: true } } } } },
    },
    ...(route.body || doc.query || doc.params ? { '400': { ...ERROR_RESPONSE, description: 'Invalid input: the message and `errors` name the field' } } : {}),
    ...(route.access === 'public' ? {} : { '401': ERROR_RESPONSE, '403': ERROR_RESPONSE }),
  };
  op.security = route.access === 'public' ? [] : route.allowCookie ? [{ bearerAuth: [] }, { cookieAuth: [] }] : [{ bearerAuth: [] }];
  return op;
}

export function buildOpenApiDocument(routes: readonly DeclaredRoute[], options: { version?: string; serverUrl?: string } = {}): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  for (const route of [...routes].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))) {
    const key = openApiPath(route.url);
    const op = operation(route);
    for (const t of op.tags as string[]) tags.add(t);
    (paths[key] ??= {})[route.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'CRM Platform REST API',
      version: options.version ?? '1.0.0',
      description:
        'Every route under /api. Authenticate with `Authorization: Bearer <token>`: a session token (POST /api/admin/login) or an API key (`crm_live_…`, created under Admin → Integrations → API Keys; its scopes limit what it may call). Answers are JSON `{ success, … }`; a refusal is `{ success: false, message }`.',
    },
    servers: [{ url: options.serverUrl ?? '/' }],
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'A session token from POST /api/admin/login, or an API key (`crm_live_…`).' },
        cookieAuth: { type: 'apiKey', in: 'cookie', name: 'crm_session', description: "The web app's session cookie (`__Host-crm_session` over HTTPS), only where a route accepts it." },
      },
      schemas: { Error: { type: 'object', required: ['success', 'message'], properties: { success: { const: false }, message: { type: 'string' }, code: { type: 'string' }, errors: { type: 'object' } } } },
    },
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
  };
}

/** GET /api/openapi.json (public): the document, built once on first request (the routes are fixed by then). */
export function registerOpenApiRoute(app: FastifyInstance) {
  let cached: string | null = null;
  registerRestRoute(app, {
    method: 'GET',
    url: '/api/openapi.json',
    access: 'public',
    doc: { summary: 'This OpenAPI 3.1 document', tags: ['documentation'] },
    async handler(_request, reply) {
      cached ??= JSON.stringify(buildOpenApiDocument(app.declaredRoutes));
      return reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-cache').send(cached);
    },
  });
}
