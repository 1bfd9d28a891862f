/**
 * The Marketing summary cards and Analytics over HTTP (issue 16): REST `GET /api/marketing/summary` and
 * `GET /api/marketing/analytics` and tRPC `marketing.analytics.*`, against a running platform. Everything goes
 * through the public APIs: campaigns and their cost entries, forms, views and submissions on the public form
 * endpoints (UTM and referrer, a honeypot spam, a submission from an existing customer), leads won in Customers
 * and their deals in the Pipeline, the site's page views on the analytics endpoint. Every figure (ROI,
 * conversion, the means, the top lists, the traffic sources, the monthly trends) is then computed HERE from that
 * plain list of what was created, and compared with the answers.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRoi, percentOf, type CampaignView, type LeadFormView, type MarketingAnalytics, type MarketingSummary } from '@crm/contracts';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { marketingAnalyticsResponse, marketingSummaryResponse } from '../../src/marketing/analytics.routes.ts';
import { loginSession, loginToken, rest } from '../../../test-support/http.ts';
import { waitFor } from '../workers/support/helpers.ts';

let app: TestApp;
let token: string;
const api = (path: string, init: RequestInit & { json?: unknown } = {}) => rest(app, path, { ...init, token });
const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
const visitor = (path: string, json: unknown) => rest(app, path, { method: 'POST', json, headers: { 'x-forwarded-for': randomIp() } });

const now = new Date();
const day = (d: Date) => d.toISOString().slice(0, 10);
const month = (d: Date) => d.toISOString().slice(0, 7);
const previousMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
const mean = (values: number[]) => (values.length === 0 ? 0 : Math.round((values.reduce((s, v) => s + v, 0) / values.length) * 100) / 100);

// ---- What the test creates (its own truth) ----
interface Campaign { key: string; name: string; type: string; budget: number; utm: string; activate: boolean; costs: { amount: number; date: string }[]; id?: string }
const campaigns: Campaign[] = [
  { key: 'spring', name: 'Spring newsletter', type: 'email', budget: 1000, utm: 'spring-email', activate: true, costs: [{ amount: 200, date: day(now) }, { amount: 100, date: day(previousMonth) }] },
  { key: 'ads', name: 'Search ads', type: 'paid_ads', budget: 500, utm: 'search-ads', activate: true, costs: [{ amount: 400, date: day(now) }] },
  { key: 'draft', name: 'Blog series', type: 'content', budget: 300, utm: 'blog-series', activate: false, costs: [] },
];
/** `form`: which form; `utm`/`referrer` as the page sent them; `existing`: the e-mail of a customer created beforehand. */
interface Submission { key: string; form: 'linked' | 'open'; utmSource?: string; utmCampaign?: string; referrer?: string; spam?: boolean; existing?: boolean; email: string }
const email = (tag: string) => `${tag}.${randomUUID().slice(0, 8)}@example.com`;
const submissions: Submission[] = [
  { key: 'a1', form: 'open', utmSource: 'newsletter', utmCampaign: 'spring-email', email: email('a1') },
  { key: 'a2', form: 'open', utmSource: 'newsletter', utmCampaign: 'Spring-Email', email: email('a2') },
  { key: 'a3', form: 'open', utmSource: 'newsletter', utmCampaign: 'spring-email', email: email('a3') },
  { key: 'a4', form: 'open', utmSource: 'newsletter', utmCampaign: 'spring-email', email: email('a4'), existing: true },
  { key: 'b1', form: 'linked', utmSource: 'google', email: email('b1') },
  { key: 'b2', form: 'linked', utmSource: 'google', referrer: 'https://www.google.com/', email: email('b2') },
  { key: 'p1', form: 'open', referrer: 'https://www.partner.example/blog/post', email: email('p1') },
  { key: 's1', form: 'open', utmSource: 'spamsource', utmCampaign: 'spring-email', spam: true, email: email('s1') },
];
/** Which campaign each submission is attributed to (the linked form's campaign, else its utm_campaign). */
const attributedTo = (s: Submission) => (s.form === 'linked' ? 'ads' : (campaigns.find((c) => c.utm === s.utmCampaign?.toLowerCase())?.key ?? null));
/** Leads won: customers now (status changed in Customers) and their won deals. */
const customersNow = new Set(['a1', 'a2']);
const wonDeals: { lead: string; value: number; stage: 'closed_won' | 'negotiation' }[] = [
  { lead: 'a1', value: 1500, stage: 'closed_won' },
  { lead: 'a1', value: 500, stage: 'closed_won' },
  { lead: 'a3', value: 9999, stage: 'negotiation' },
  { lead: 'b1', value: 300, stage: 'closed_won' },
];
const views: { form: 'linked' | 'open'; utmSource?: string; referrer?: string }[] = [
  ...Array.from({ length: 4 }, () => ({ form: 'linked' as const, utmSource: 'google' })),
  ...Array.from({ length: 2 }, () => ({ form: 'open' as const, utmSource: 'newsletter' })),
  ...Array.from({ length: 3 }, () => ({ form: 'open' as const })),
];
const pageViews: { utmSource?: string; referrer?: string }[] = [{ utmSource: 'Newsletter' }, { utmSource: 'newsletter' }, { utmSource: 'newsletter', referrer: 'google.com' }, { referrer: 'google.com' }, { referrer: 'google.com' }, {}, {}];

const forms: Partial<Record<'linked' | 'open', LeadFormView>> = {};
const leadIds = new Map<string, string>();

beforeAll(async () => {
  // The months below are UTC's (the trends follow BUSINESS_TZ: projections/test/marketing/campaigns-queries.int.spec.ts).
  app = await startTestApp({ env: { FORM_MIN_FILL_SECONDS: '0', TRUST_PROXY: '1', RATE_LIMIT_PUBLIC_MAX: '1000', BUSINESS_TZ: 'UTC' } });
  token = await loginToken(app, app.admin);

  for (const c of campaigns) {
    const res = await api('/api/marketing/campaigns', { method: 'POST', json: { name: c.name, type: c.type, budget: c.budget, utmCampaign: c.utm } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    c.id = res.body.campaign.id;
    if (c.activate) expect((await api(`/api/marketing/campaigns/${c.id}/status`, { method: 'POST', json: { action: 'activate' } })).status).toBe(200);
    for (const cost of c.costs) expect((await api(`/api/marketing/campaigns/${c.id}/costs`, { method: 'POST', json: { ...cost, note: 'spend' } })).status).toBe(201);
  }
  for (const [key, campaignId] of [['linked', campaigns[1]!.id], ['open', null]] as const) {
    const res = await api('/api/marketing/forms', { method: 'POST', json: { name: `${key} form ${randomUUID().slice(0, 6)}`, title: 'Talk to us', campaignId } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    forms[key] = res.body.form;
  }
  const existing = submissions.find((s) => s.existing)!;
  expect((await api('/api/crm/customers', { method: 'POST', json: { name: 'Already Known', email: existing.email, status: 'prospect' } })).status).toBe(201);

  const formToken = async (key: 'linked' | 'open') => (await rest(app, `/api/forms/${forms[key]!.slug}`, { headers: { 'x-forwarded-for': randomIp() } })).body.formToken as string;
  for (const v of views) {
    const res = await visitor(`/api/forms/${forms[v.form]!.slug}/views`, { formToken: await formToken(v.form), utmSource: v.utmSource, referrer: v.referrer, channel: 'hosted' });
    expect(res.body, JSON.stringify(res.body)).toEqual({ success: true, counted: true });
  }
  for (const s of submissions) {
    const res = await visitor(`/api/forms/${forms[s.form]!.slug}/submissions`, {
      formToken: await formToken(s.form),
      data: { full_name: `Lead ${s.key}`, email: s.email },
      utmSource: s.utmSource,
      utmCampaign: s.utmCampaign,
      referrer: s.referrer,
      channel: 'hosted',
      ...(s.spam ? { website: 'https://spam.example' } : {}),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  const page = (i: number, props: Record<string, string>) => ({ name: 'page_view', props: { page: 'home', ...props }, path: '/', at: now.toISOString(), sessionId: `session-${i}-abcdef` });
  const batch = [...pageViews.map((p, i) => page(i, p)), { name: 'start_trial', props: { utmSource: 'newsletter' }, path: '/', at: now.toISOString(), sessionId: 'session-x-abcdef' }];
  expect((await visitor('/api/analytics/events', { events: batch })).status).toBe(204);

  // Leads won in Customers and their deals in the Pipeline.
  for (const s of submissions.filter((s) => !s.spam && !s.existing)) {
    const id = await waitFor(async () => {
      const res = await api(`/api/crm/customers?search=${encodeURIComponent(s.email)}`);
      return (res.body.data as { id: string }[])[0]?.id ?? null;
    }, { what: `the lead of ${s.key}` });
    leadIds.set(s.key, id);
  }
  for (const key of customersNow) expect((await api(`/api/crm/customers/${leadIds.get(key)}`, { method: 'PUT', json: { status: 'customer' } })).status).toBe(200);
  for (const d of wonDeals) {
    const res = await api('/api/crm/deals', { method: 'POST', json: { title: `Deal of ${d.lead}`, value: d.value, stage: d.stage, customerId: leadIds.get(d.lead) } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
}, 120_000);
afterAll(async () => {
  await app?.stop();
});

// ---- The figures, computed from the lists above ----
function expectedCampaign(c: Campaign) {
  const leads = submissions.filter((s) => !s.spam && !s.existing && attributedTo(s) === c.key);
  const won = leads.filter((s) => customersNow.has(s.key)).length;
  const wonValue = wonDeals.filter((d) => d.stage === 'closed_won' && leads.some((s) => s.key === d.lead)).reduce((sum, d) => sum + d.value, 0);
  const spent = c.costs.reduce((sum, x) => sum + x.amount, 0);
  return { id: c.id!, name: c.name, type: c.type, status: c.activate ? 'active' : 'draft', spent, leadsGenerated: leads.length, customersWon: won, wonValue, roi: campaignRoi(wonValue, spent), conversionRate: percentOf(won, leads.length) };
}
const sourceOf = (x: { utmSource?: string; referrer?: string }) => x.utmSource?.toLowerCase() || (x.referrer ? (x.referrer.includes('://') ? new URL(x.referrer).hostname : x.referrer).replace(/^www\./, '') : 'direct');

describe('marketing summary and analytics', () => {
  it('summary: the four cards from the campaigns, their spend and their attributed leads (REST and tRPC)', async () => {
    const expected = campaigns.map(expectedCampaign);
    const withSpend = expected.filter((c) => c.roi !== null);
    const top = [...withSpend].sort((a, b) => b.roi! - a.roi!)[0]!;
    const summary: MarketingSummary = {
      totalCampaigns: campaigns.length,
      activeCampaigns: campaigns.filter((c) => c.activate).length,
      totalBudget: campaigns.reduce((s, c) => s + c.budget, 0),
      totalSpent: expected.reduce((s, c) => s + c.spent, 0),
      totalLeads: expected.reduce((s, c) => s + c.leadsGenerated, 0),
      avgConversionRate: mean(expected.filter((c) => c.leadsGenerated > 0).map((c) => c.conversionRate)),
      avgROI: mean(withSpend.map((c) => c.roi!)),
      topPerformingCampaign: { id: top.id, name: top.name, roi: top.roi! },
    };
    // Sanity of the scenario itself: ROI above 100 % for one, negative for another, "—" for the draft.
    expect(expected.map((c) => c.roi)).toEqual([566.67, -25, null]);

    const body = await waitFor(async () => {
      const res = await api('/api/marketing/summary');
      expect(res.status).toBe(200);
      return JSON.stringify(res.body.summary) === JSON.stringify(summary) ? res.body : null;
    }, { what: 'the summary to settle', timeoutMs: 20_000 }).catch(async () => (await api('/api/marketing/summary')).body);
    expect(body).toEqual({ success: true, summary });
    // The answer is what the OpenAPI document says (the route's doc.response), with nothing it leaves out.
    expect(marketingSummaryResponse.parse(body)).toEqual(body);

    const client = await loginSession(app, app.admin);
    const viaTrpc = await client.query('marketing.analytics.summary');
    expect(viaTrpc.status).toBe(200);
    expect(viaTrpc.body).toEqual(summary);

    // The campaigns list agrees with the same figures.
    const list = (await api('/api/marketing/campaigns')).body.campaigns as CampaignView[];
    for (const c of expected) expect(list.find((x) => x.id === c.id)).toMatchObject({ spent: c.spent, leadsGenerated: c.leadsGenerated, customersWon: c.customersWon, wonValue: c.wonValue, roi: c.roi, conversionRate: c.conversionRate });
  });

  it('analytics: top campaigns by ROI, top forms by conversion, traffic sources and monthly trends', async () => {
    const expectedCampaigns = campaigns.map(expectedCampaign);
    const topCampaigns = expectedCampaigns
      .filter((c) => c.roi !== null)
      .sort((a, b) => b.roi! - a.roi!)
      .map(({ id, name, type, status, roi, spent, wonValue, leadsGenerated }) => ({ id, name, type, status, roi, spent, wonValue, leadsGenerated }));
    const topForms = (['linked', 'open'] as const)
      .map((key) => {
        const f = forms[key]!;
        const v = views.filter((x) => x.form === key).length;
        const n = submissions.filter((s) => s.form === key && !s.spam).length;
        return { id: f.id, name: f.name, slug: f.slug, views: v, submissionsCount: n, conversionRate: percentOf(n, v) };
      })
      .sort((a, b) => b.conversionRate - a.conversionRate);
    const traffic = new Map<string, { source: string; visits: number; submissions: number; leads: number }>();
    const add = (source: string, patch: { visits?: number; submissions?: number; leads?: number }) => {
      const row = traffic.get(source) ?? { source, visits: 0, submissions: 0, leads: 0 };
      row.visits += patch.visits ?? 0;
      row.submissions += patch.submissions ?? 0;
      row.leads += patch.leads ?? 0;
      traffic.set(source, row);
    };
    for (const p of pageViews) add(sourceOf(p), { visits: 1 });
    for (const v of views) add(sourceOf(v), { visits: 1 });
    for (const s of submissions.filter((s) => !s.spam)) add(sourceOf(s), { submissions: 1, leads: s.existing ? 0 : 1 });
    const trafficSources = [...traffic.values()].sort((a, b) => b.visits - a.visits || b.submissions - a.submissions || (a.source < b.source ? -1 : 1));
    const real = submissions.filter((s) => !s.spam);
    const spendIn = (m: string) => campaigns.flatMap((c) => c.costs).filter((x) => x.date.startsWith(m)).reduce((s, x) => s + x.amount, 0);
    const monthly = [
      { month: month(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1))), leads: 0, customersWon: 0, spend: 0, submissions: 0 },
      { month: month(previousMonth), leads: 0, customersWon: 0, spend: spendIn(month(previousMonth)), submissions: 0 },
      {
        month: month(now),
        leads: real.filter((s) => !s.existing).length,
        customersWon: real.filter((s) => !s.existing && attributedTo(s) !== null && customersNow.has(s.key)).length,
        spend: spendIn(month(now)),
        submissions: real.length,
      },
    ];
    const analytics: MarketingAnalytics = { topCampaigns: topCampaigns as MarketingAnalytics['topCampaigns'], topForms, trafficSources, monthly };
    // The scenario has every kind of source: utm, a referrer's host, and direct.
    expect(trafficSources.map((t) => t.source).sort()).toEqual(['direct', 'google', 'google.com', 'newsletter', 'partner.example']);

    const body = await waitFor(async () => {
      const res = await api('/api/marketing/analytics?months=3');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return JSON.stringify(res.body.analytics) === JSON.stringify(analytics) ? res.body : null;
    }, { what: 'the analytics to settle', timeoutMs: 20_000 }).catch(async () => (await api('/api/marketing/analytics?months=3')).body);
    expect(body).toEqual({ success: true, analytics });
    // The answer is what the OpenAPI document says (the route's doc.response), with nothing it leaves out.
    expect(marketingAnalyticsResponse.parse(body)).toEqual(body);

    const client = await loginSession(app, app.admin);
    const viaTrpc = await client.query('marketing.analytics.report', { months: 3 });
    expect(viaTrpc.body).toEqual(analytics);
    // Default: six months, the current one last.
    const sixBody = (await api('/api/marketing/analytics')).body;
    expect(marketingAnalyticsResponse.parse(sixBody)).toEqual(sixBody);
    const six = sixBody.analytics as MarketingAnalytics;
    expect(six.monthly.map((m) => m.month)).toHaveLength(6);
    expect(six.monthly.at(-1)).toEqual(monthly.at(-1));
  });

  it('refuses a bad months with 400 naming the field', async () => {
    for (const months of ['0', '25', 'x']) {
      const res = await api(`/api/marketing/analytics?months=${months}`);
      expect(res.status, months).toBe(400);
      expect(JSON.stringify(res.body)).toContain('months');
    }
  });
});
