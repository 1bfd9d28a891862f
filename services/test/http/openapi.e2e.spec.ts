/**
 * GET /api/openapi.json (issue 15, "API documentation"): public, an OpenAPI 3.1 document, and every REST route the
 * running server registered is in it with its method and path; routes declared with schemas carry them
 * (request body, query parameters, answer) as JSON Schema converted from the same zod schemas.
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { openApiPath } from '../../src/http/openapi.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.stop();
});

type Operation = { operationId: string; summary: string; tags: string[]; parameters?: { name: string; in: string; required: boolean; schema: object }[]; requestBody?: { content: Record<string, { schema: Record<string, unknown> }> }; responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }> }>; security: Record<string, string[]>[] };
interface Doc {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string; in?: string }> };
  tags: { name: string }[];
}
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

describe('OpenAPI document', () => {
  let doc: Doc;

  it('is served publicly as JSON at GET /api/openapi.json', async () => {
    const res = await fetch(`${app.baseUrl}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    doc = (await res.json()) as Doc;
    // OPENAPI_OUT=<file>: keep the document (e.g. to run an external validator on it).
    if (process.env.OPENAPI_OUT) writeFileSync(process.env.OPENAPI_OUT, JSON.stringify(doc, null, 2));
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
  });

  it('lists every registered REST route with its method and path', () => {
    const routes = app.platform.routes;
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes.filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    // And nothing the server does not answer.
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    expect(documented.sort()).toEqual([...new Set(routes.map((r) => `${r.method} ${openApiPath(r.url)}`))].sort());
  });

  it('is structurally valid OpenAPI 3.1: unique operation ids, path parameters declared, responses, known security schemes', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.cookieAuth).toMatchObject({ type: 'apiKey', in: 'cookie' });
    const ids = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      expect(path.startsWith('/')).toBe(true);
      for (const [method, op] of Object.entries(ops)) {
        expect(METHODS).toContain(method);
        expect(ids.has(op.operationId), op.operationId).toBe(false);
        ids.add(op.operationId);
        expect(Object.keys(op.responses).length).toBeGreaterThan(0);
        for (const r of Object.values(op.responses)) expect(typeof r.description).toBe('string');
        const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
        const declared = (op.parameters ?? []).filter((p) => p.in === 'path');
        expect(declared.map((p) => p.name).sort()).toEqual(templated.sort());
        for (const p of declared) expect(p.required).toBe(true);
        for (const s of op.security) for (const name of Object.keys(s)) expect(doc.components.securitySchemes[name]).toBeDefined();
        for (const t of op.tags) expect(doc.tags.map((x) => x.name)).toContain(t);
      }
    }
  });

  it('carries the zod schemas: a body, a query and an answer, and which routes are public', () => {
    const apiLogs = doc.paths['/api/admin/api-logs']!.get!;
    expect(apiLogs.security).toEqual([{ bearerAuth: [] }]);
    expect(apiLogs.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(['method', 'status', 'keyId', 'search', 'from', 'to', 'page', 'limit']));
    expect(apiLogs.parameters!.find((p) => p.name === 'status')!.schema).toMatchObject({ enum: ['all', '2xx', '3xx', '4xx', '5xx'] });
    const answer = apiLogs.responses['200']!.content!['application/json']!.schema as { properties: Record<string, unknown> };
    expect(Object.keys(answer.properties)).toEqual(['success', 'data', 'total']);
    // A route that validates a body with zod documents that body.
    const withBody = Object.values(doc.paths).flatMap((ops) => Object.values(ops)).filter((op) => op.requestBody);
    expect(withBody.length).toBeGreaterThan(5);
    for (const op of withBody) expect(op.requestBody!.content['application/json']!.schema).toBeTypeOf('object');
    expect(doc.paths['/api/openapi.json']!.get!.security).toEqual([]);
  });

  it('describes the analytics answers: the Marketing summary and analytics, and the CRM dashboard', () => {
    type Schema = { type?: string; properties?: Record<string, Schema>; required?: string[]; items?: Schema; anyOf?: Schema[]; enum?: unknown[] };
    const answer = (path: string) => {
      const op = doc.paths[path]!.get!;
      const schema = op.responses['200']!.content!['application/json']!.schema as Schema;
      expect(schema.type, path).toBe('object');
      return { op, schema };
    };
    /** The properties of an object schema, or of its non-null branch (a nullable object is `anyOf: [object, null]`). */
    const props = (s: Schema | undefined) => Object.keys((s?.properties ? s : s?.anyOf?.find((x) => x.properties))?.properties ?? {});

    const summary = answer('/api/marketing/summary');
    expect(summary.op.tags).toEqual(['marketing']);
    expect(props(summary.schema)).toEqual(['success', 'summary']);
    expect(summary.schema.required).toEqual(['success', 'summary']);
    const cards = summary.schema.properties!.summary!;
    expect(props(cards)).toEqual(expect.arrayContaining(['totalCampaigns', 'activeCampaigns', 'totalBudget', 'totalSpent', 'totalLeads', 'avgConversionRate', 'avgROI', 'topPerformingCampaign']));
    expect(props(cards.properties!.topPerformingCampaign)).toEqual(['id', 'name', 'roi']);

    const marketing = answer('/api/marketing/analytics');
    expect(marketing.op.parameters!.map((p) => p.name)).toEqual(['months']);
    expect(props(marketing.schema)).toEqual(['success', 'analytics']);
    const report = marketing.schema.properties!.analytics!;
    expect(props(report)).toEqual(['topCampaigns', 'topForms', 'trafficSources', 'monthly']);
    const topCampaign = report.properties!.topCampaigns!.items!;
    expect(props(topCampaign)).toEqual(expect.arrayContaining(['id', 'name', 'type', 'status', 'roi', 'spent', 'wonValue', 'leadsGenerated']));
    expect(topCampaign.properties!.type!.enum).toEqual(['email', 'social', 'paid_ads', 'content', 'event']);
    expect(props(report.properties!.topForms!.items)).toEqual(expect.arrayContaining(['slug', 'views', 'submissionsCount', 'conversionRate']));
    expect(props(report.properties!.monthly!.items)).toEqual(['month', 'leads', 'customersWon', 'spend', 'submissions']);

    const dashboard = answer('/api/crm/analytics/dashboard');
    expect(dashboard.op.summary).not.toBe('GET /api/crm/analytics/dashboard');
    expect(dashboard.op.tags).toEqual(['dashboard']);
    expect(dashboard.op.parameters!.find((p) => p.name === 'period')).toMatchObject({ in: 'query', required: false });
    expect(props(dashboard.schema)).toEqual(['success', 'analytics']);
    const analytics = dashboard.schema.properties!.analytics!;
    expect(props(analytics)).toEqual(expect.arrayContaining(['period', 'range', 'summary', 'recentActivity', 'pipeline', 'trends', 'acquisition', 'funnel', 'generatedAt']));
    expect(analytics.properties!.period!.enum).toEqual([7, 30, 90]);
    expect(props(analytics.properties!.summary)).toEqual(expect.arrayContaining(['totalRevenue', 'totalCustomers', 'completionRate', 'totalDeals', 'previous', 'change']));
    expect(props(analytics.properties!.recentActivity!.items)).toEqual(expect.arrayContaining(['id', 'kind', 'name', 'status', 'email', 'createdAt', 'action', 'href']));
    expect(props(analytics.properties!.pipeline!.items)).toEqual(['stage', 'count']);
    expect(props(analytics.properties!.trends)).toEqual(['revenue']);
    expect(props(analytics.properties!.trends!.properties!.revenue!.items)).toEqual(['month', 'value']);
  });
});
