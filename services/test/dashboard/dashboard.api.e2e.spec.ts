/**
 * The dashboard over HTTP (issue 13): REST `GET /api/crm/analytics/dashboard?period=` and tRPC
 * `dashboard.analytics` against a running platform. Records are written through the CRM services with dated
 * command contexts (the seed's path: the same deciders, events and projections as the API), spread over the last
 * 200 days and owned by a manager or a user; every KPI, its previous period, the pipeline, the revenue trend, the
 * acquisition by source, the funnel and Recent Activity are then computed HERE from that plain list of records
 * (never by calling the same query) and compared with the answer, for each period and for both scopes.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAL_STAGES, LEAD_SOURCES, type CustomerStatus, type DashboardAnalytics, type DealStage, type LeadSource, type TaskStatus } from '@crm/contracts';
import { createCustomersService } from '../../src/customers/customers.service.ts';
import { dashboardAnalyticsResponse } from '../../src/dashboard/dashboard.routes.ts';
import { createDiskFileStorage } from '../../src/customers/file-storage.ts';
import { createSeedCommands } from '../../src/crm/seed/crm-commands.ts';
import type { CustomerPlan, DealPlan, TaskPlan } from '../../src/crm/seed/generators.ts';
import { waitForProjection } from '../../src/platform/read-your-writes.ts';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { createAccount, loginSession, loginToken, rest, type TestAccount } from '../../../test-support/http.ts';

const TZ = 'America/New_York';
const DAY = 86_400_000;

let app: TestApp;
let manager: TestAccount;
let user: TestAccount;
let managerToken: string;
let userToken: string;
const T0 = Date.now();
const ago = (days: number) => new Date(T0 - days * DAY);

// ---- The records, as plain data (the test's own truth) ----
type Owner = 'manager' | 'user';
interface C { key: string; owner: Owner; source: LeadSource | null; created: number; statuses: { status: CustomerStatus; at: number }[]; deletedAt?: number; id?: string; name: string; email: string }
interface D { key: string; owner: Owner; customer: string; value: number; created: number; moves: { stage: DealStage; at: number }[]; id?: string; title: string }
interface T { key: string; owner: Owner; created: number; status: TaskStatus; statusAt?: number; id?: string; title: string }

const customers: C[] = [
  { key: 'c1', owner: 'manager', source: 'website', created: 2, statuses: [{ status: 'prospect', at: 1.5 }, { status: 'customer', at: 0.6 }], name: 'Ada Lovelace', email: 'ada@example.com' },
  { key: 'c2', owner: 'user', source: 'referral', created: 5, statuses: [{ status: 'prospect', at: 4 }], name: 'Ben Ulm', email: 'ben@example.com' },
  { key: 'c3', owner: 'manager', source: null, created: 10, statuses: [{ status: 'customer', at: 9 }, { status: 'inactive', at: 8 }], name: 'Cleo Null', email: 'cleo@example.com' },
  { key: 'c4', owner: 'manager', source: 'social_media', created: 40, statuses: [], name: 'Dan Forty', email: 'dan@example.com' },
  { key: 'c5', owner: 'user', source: 'website', created: 20, statuses: [{ status: 'inactive', at: 19 }], name: 'Eve Twenty', email: 'eve@example.com' },
  { key: 'c6', owner: 'manager', source: 'website', created: 3, statuses: [], deletedAt: 2.5, name: 'Fay Gone', email: 'fay@example.com' },
  { key: 'c7', owner: 'user', source: 'cold_call', created: 100, statuses: [{ status: 'prospect', at: 95 }], name: 'Gus Hundred', email: 'gus@example.com' },
  { key: 'c8', owner: 'manager', source: 'advertising', created: 75, statuses: [{ status: 'customer', at: 70 }], name: 'Hal Seventy', email: 'hal@example.com' },
];
const deals: D[] = [
  { key: 'd1', owner: 'manager', customer: 'c1', value: 1000, created: 3, moves: [{ stage: 'proposal', at: 2.2 }, { stage: 'closed_won', at: 1.2 }], title: 'Ada renewal' },
  { key: 'd2', owner: 'user', customer: 'c2', value: 2500.5, created: 6, moves: [{ stage: 'closed_won', at: 4.5 }], title: 'Ben pilot' },
  { key: 'd3', owner: 'manager', customer: 'c3', value: 700, created: 45, moves: [{ stage: 'closed_won', at: 35 }], title: 'Cleo expansion' },
  { key: 'd4', owner: 'manager', customer: 'c3', value: 300, created: 1, moves: [{ stage: 'qualification', at: 0.9 }, { stage: 'proposal', at: 0.8 }], title: 'Cleo add-on' },
  { key: 'd5', owner: 'user', customer: 'c2', value: 900, created: 12, moves: [{ stage: 'closed_lost', at: 2.1 }], title: 'Ben upsell' },
  { key: 'd6', owner: 'user', customer: 'c7', value: 4000, created: 150, moves: [{ stage: 'closed_won', at: 120 }], title: 'Gus contract' },
  { key: 'd7', owner: 'manager', customer: 'c8', value: 1250, created: 80, moves: [{ stage: 'negotiation', at: 72 }], title: 'Hal framework' },
];
const tasks: T[] = [
  { key: 't1', owner: 'manager', created: 2.3, status: 'completed', statusAt: 1.1, title: 'Call Ada' },
  { key: 't2', owner: 'manager', created: 3.3, status: 'pending', title: 'Send Cleo the quote' },
  { key: 't3', owner: 'user', created: 4.3, status: 'completed', statusAt: 3.9, title: 'Demo for Ben' },
  { key: 't4', owner: 'user', created: 5.3, status: 'cancelled', statusAt: 5.1, title: 'Old follow-up' },
  { key: 't5', owner: 'manager', created: 40.3, status: 'completed', statusAt: 39, title: 'Quarterly review' },
  { key: 't6', owner: 'manager', created: 50.3, status: 'pending', title: 'Renewal prep' },
  { key: 't7', owner: 'user', created: 20.3, status: 'in_progress', statusAt: 19.5, title: 'Write proposal' },
];

beforeAll(async () => {
  app = await startTestApp({ env: { BUSINESS_TZ: TZ } });
  manager = await createAccount(app, { userType: 'manager', name: 'Mona Manager' });
  user = await createAccount(app, { userType: 'user', name: 'Uma User' });
  [managerToken, userToken] = await Promise.all([loginToken(app, manager), loginToken(app, user)]);
  const { pool, store } = app.platform;
  await waitForProjection({ pool, store }, 'users', await store.headCheckpoint(), 10_000);
  const ownerId = (o: Owner) => (o === 'manager' ? manager.id : user.id);
  const commands = createSeedCommands({ pool, store, filesDir: path.join(app.dataDir, 'files') });
  const customerService = createCustomersService({ pool, store, files: createDiskFileStorage(path.join(app.dataDir, 'files')), now: () => new Date() });
  const ctx = (days: number, userId: string) => ({ now: ago(days), userId, metadata: { correlationId: 'dashboard-test', causationId: null, userId } });

  for (const c of customers) {
    const plan = { at: ago(c.created), name: c.name, email: c.email, phone: '+1 555 0100', company: `${c.name} Co`, website: 'https://example.com', address: '1 Main St', city: 'Springfield', country: 'US', industry: 'Technology', leadSource: c.source, notes: null, status: 'lead', leadScore: 50, tags: [], communications: [] } as unknown as CustomerPlan;
    c.id = await commands.createCustomer(plan, ownerId(c.owner));
    const actor = { userId: ownerId(c.owner), scope: 'all' as const };
    for (const s of c.statuses) await customerService.update(actor, { id: c.id, status: s.status }, ctx(s.at, ownerId(c.owner)));
    if (c.deletedAt !== undefined) await customerService.delete(actor, c.id, ctx(c.deletedAt, ownerId(c.owner)));
  }
  const customerId = (key: string) => customers.find((c) => c.key === key)!.id!;
  for (const d of deals) {
    const plan: DealPlan = { at: ago(d.created), customer: 0, title: d.title, value: d.value, probability: 10, expectedCloseDate: new Date(T0 + 30 * DAY).toISOString().slice(0, 10), leadSource: 'website', tags: [], moves: [] };
    d.id = await commands.createDeal(plan, customerId(d.customer), ownerId(d.owner));
    for (const m of d.moves) await commands.moveDeal(d.id, { stage: m.stage, at: ago(m.at), probability: m.stage === 'closed_won' ? 100 : m.stage === 'closed_lost' ? 0 : 50 }, ownerId(d.owner));
  }
  for (const t of tasks) {
    const plan: TaskPlan = { at: ago(t.created), title: t.title, description: null, type: 'call', priority: 'medium', customer: null, deal: null, dueDate: new Date(T0 + 5 * DAY), estimatedHours: 1, tags: [], status: t.status, statusAt: t.statusAt === undefined ? null : ago(t.statusAt) };
    t.id = await commands.createTask(plan, null, null, ownerId(t.owner));
    if (t.status !== 'pending') await commands.finishTask(t.id, plan, ownerId(t.owner));
  }
  const head = await store.headCheckpoint();
  for (const name of ['crm_customers', 'crm_deals', 'crm_tasks', 'crm_dashboard']) expect(await waitForProjection({ pool, store }, name, head, 20_000), name).toBe(true);
}, 120_000);
afterAll(async () => {
  await app?.stop();
});

async function dashboard(token: string, period?: number): Promise<DashboardAnalytics> {
  const res = await rest(app, `/api/crm/analytics/dashboard${period ? `?period=${period}` : ''}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.success).toBe(true);
  // Every answer is what the OpenAPI document says (the route's doc.response), with nothing it leaves out.
  expect(dashboardAnalyticsResponse.parse(res.body)).toEqual(res.body);
  return res.body.analytics as DashboardAnalytics;
}

// ---- Independent expectations ----
function expected(scope: Owner | 'all', period: number, toIso: string) {
  const to = Date.parse(toIso);
  const from = to - period * DAY;
  const prev = to - 2 * period * DAY;
  const t = (days: number) => T0 - days * DAY;
  const mine = <R extends { owner: Owner }>(r: R) => scope === 'all' || r.owner === scope;
  const inCur = (at: number) => at >= from && at < to;
  const inPrev = (at: number) => at >= prev && at < from;
  const liveCustomers = customers.filter((c) => c.deletedAt === undefined && mine(c));
  const stageOf = (d: D): DealStage => d.moves.at(-1)?.stage ?? 'prospecting';
  const wonAt = (d: D) => (stageOf(d) === 'closed_won' ? t(d.moves.at(-1)!.at) : null);
  const myDeals = deals.filter(mine);
  const myTasks = tasks.filter(mine);
  const revenue = (inside: (at: number) => boolean) => myDeals.reduce((s, d) => (wonAt(d) !== null && inside(wonAt(d)!) ? s + d.value : s), 0);
  const rate = (inside: (at: number) => boolean) => {
    const counted = myTasks.filter((x) => inside(t(x.created)) && x.status !== 'cancelled');
    const done = counted.filter((x) => x.status === 'completed').length;
    return { rate: counted.length ? Math.round((done / counted.length) * 1000) / 10 : 0, done, counted: counted.length };
  };
  const pct = (a: number, b: number) => (b === 0 ? null : Math.round(((a - b) / b) * 1000) / 10);
  const cur = liveCustomers.filter((c) => inCur(t(c.created)));
  const rank = { lead: 1, prospect: 2, customer: 3, inactive: 0 } as const;
  const reached = (c: C) => Math.max(1, ...c.statuses.map((s) => rank[s.status]));
  const month = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit' }).format(new Date(ms)).slice(0, 7);
  const [y, m] = month(to).split('-').map(Number) as [number, number];
  const months = Array.from({ length: 6 }, (_, k) => {
    const d = new Date(Date.UTC(y, m - 1 - (5 - k), 1));
    return d.toISOString().slice(0, 7);
  });
  const summary = {
    totalRevenue: revenue(inCur),
    totalCustomers: cur.length,
    completionRate: rate(inCur).rate,
    totalDeals: myDeals.filter((d) => inCur(t(d.created))).length,
  };
  const previous = {
    totalRevenue: revenue(inPrev),
    totalCustomers: liveCustomers.filter((c) => inPrev(t(c.created))).length,
    completionRate: rate(inPrev).rate,
    totalDeals: myDeals.filter((d) => inPrev(t(d.created))).length,
  };
  // Recent Activity: each live record's latest event, newest first, at most 5.
  const activity = [
    ...liveCustomers.map((c) => ({ id: c.id!, kind: 'customer', name: c.name, status: c.statuses.at(-1)?.status ?? 'lead', email: c.email, at: Math.min(c.created, ...c.statuses.map((s) => s.at)), action: c.statuses.length ? 'status_changed' : 'created', href: `/admin/customers/${c.id}` })),
    ...myDeals.map((d) => ({ id: d.id!, kind: 'deal', name: d.title, status: stageOf(d), email: null, at: Math.min(d.created, ...d.moves.map((x) => x.at)), action: d.moves.length ? 'stage_changed' : 'created', href: `/admin/pipeline/deals/${d.id}` })),
    ...myTasks.map((x) => ({ id: x.id!, kind: 'task', name: x.title, status: x.status, email: null, at: Math.min(x.created, x.statusAt ?? Infinity), action: x.statusAt === undefined ? 'created' : 'status_changed', href: `/admin/tasks/${x.id}` })),
  ]
    .sort((a, b) => a.at - b.at)
    .slice(0, 5)
    .map(({ at, ...rest }) => ({ ...rest, createdAt: new Date(t(at)).toISOString() }));
  return {
    summary: {
      ...summary,
      previous,
      change: {
        totalRevenue: pct(summary.totalRevenue, previous.totalRevenue),
        totalCustomers: pct(summary.totalCustomers, previous.totalCustomers),
        completionRate: Math.round((summary.completionRate - previous.completionRate) * 10) / 10,
        totalDeals: pct(summary.totalDeals, previous.totalDeals),
      },
      tasksCompleted: rate(inCur).done,
      tasksCounted: rate(inCur).counted,
    },
    pipeline: DEAL_STAGES.map((stage) => ({ stage, count: myDeals.filter((d) => stageOf(d) === stage).length })),
    revenue: months.map((mo) => ({ month: mo, value: myDeals.reduce((s, d) => (wonAt(d) !== null && wonAt(d)! < to && month(wonAt(d)!) === mo ? s + d.value : s), 0) })),
    acquisition: [...LEAD_SOURCES, 'unknown'].map((source) => ({ source, count: cur.filter((c) => (c.source ?? 'unknown') === source).length })),
    funnel: (['lead', 'prospect', 'customer'] as const).map((stage) => ({ stage, count: cur.filter((c) => reached(c) >= rank[stage]).length })),
    activity,
  };
}

describe('GET /api/crm/analytics/dashboard', () => {
  for (const period of [7, 30, 90] as const) {
    for (const who of ['manager', 'user'] as const) {
      it(`period ${period}, ${who === 'manager' ? 'a manager (everyone’s records)' : 'a user (their own records)'}: every KPI and series`, async () => {
        const a = await dashboard(who === 'manager' ? managerToken : userToken, period);
        const e = expected(who === 'manager' ? 'all' : 'user', period, a.range.to);
        expect(a.period).toBe(period);
        expect(Date.parse(a.range.to) - Date.parse(a.range.from)).toBe(period * DAY);
        expect(a.summary).toEqual(e.summary);
        expect(a.pipeline).toEqual(e.pipeline);
        expect(a.trends.revenue).toEqual(e.revenue);
        expect(a.acquisition).toEqual(e.acquisition);
        expect(a.funnel).toEqual(e.funnel);
        expect(a.recentActivity).toEqual(e.activity);
      });
    }
  }

  it('answers the spec shape with period 30 when none is given, and tRPC dashboard.analytics the same figures', async () => {
    const a = await dashboard(managerToken);
    expect(a.period).toBe(30);
    expect(Object.keys(a)).toEqual(expect.arrayContaining(['summary', 'recentActivity', 'pipeline', 'trends']));
    for (const k of ['totalRevenue', 'totalCustomers', 'completionRate', 'totalDeals']) expect(typeof (a.summary as unknown as Record<string, unknown>)[k]).toBe('number');
    for (const r of a.recentActivity) expect(Object.keys(r)).toEqual(expect.arrayContaining(['id', 'name', 'status', 'email', 'createdAt']));
    const trpc = await loginSession(app, manager);
    const res = await trpc.query('dashboard.analytics', { period: 30 });
    expect(res.status).toBe(200);
    const viaTrpc = res.body as DashboardAnalytics;
    expect(viaTrpc.summary).toEqual(expected('all', 30, viaTrpc.range.to).summary);
  });

  it('refuses a period other than 7, 30 or 90 with a 400 naming it, and callers without a token with 401', async () => {
    const bad = await rest(app, '/api/crm/analytics/dashboard?period=14', { token: managerToken });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('period');
    const anonymous = await rest(app, '/api/crm/analytics/dashboard');
    expect(anonymous.status).toBe(401);
  });
});
