/**
 * Campaign figures from the real read models (issue 16, docs/MARKETING.md): campaigns, costs, forms, submissions,
 * customers and deals projected from events, then `listCampaigns` / `getCampaignDetail` / `findCampaignByUtm`.
 * Leads generated = submissions of the campaign that created a lead (a submission that updated an existing
 * customer does not count); customers won = those leads now 'customer'; value won = their closed_won deals; ROI
 * and conversion are computed here from what the test wrote.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_FORM_FIELDS,
  DEFAULT_FORM_SETTINGS,
  campaignRoi,
  campaignStreamId,
  customerStreamId,
  dealStreamId,
  formSubmissionStreamId,
  leadFormStreamId,
  percentOf,
  type NewEvent,
} from '@crm/contracts';
import {
  campaignOptions,
  campaignsProjection,
  customersProjection,
  dealsProjection,
  findCampaignByUtm,
  formOptions,
  getCampaignDetail,
  leadFormsProjection,
  lastMonths,
  listCampaigns,
  listForms,
  marketingAnalytics,
  startProjection,
  submissionsProjection,
  usersProjection,
} from '@crm/projections';
import { type ProjectionTestEnv, caughtUpOrError, openProjectionTestEnv, waitForVisible } from '../support/projection-fixtures.ts';

const ev = (type: string, data: unknown): NewEvent => ({ id: randomUUID(), type, schemaVersion: 1, data, metadata: { correlationId: 'test', userId: null } });
const LATE_MARCH = '2030-03-31T23:30:00.000Z';
const at = (day: number) => `2030-03-${String(day).padStart(2, '0')}T10:00:00.000Z`;

let env: ProjectionTestEnv;
let last = '';
const write = async (streamId: string, ...events: NewEvent[]) => {
  last = (await env.store.append(streamId, events, { expectedVersion: 'any' })).checkpoint;
};

const [spring, webinar, ads] = [randomUUID(), randomUUID(), randomUUID()];
const form = randomUUID();
const [ada, bob, cyd, dan] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];

function campaign(campaignId: string, name: string, utmCampaign: string) {
  return ev('CampaignCreated', {
    campaignId, name, type: 'email', description: null, budget: 5000, startDate: null, endDate: null, targetAudience: {}, utmCampaign, createdAt: at(1), createdBy: null,
  });
}
const cost = (campaignId: string, amount: number, day: number) =>
  ev('CampaignCostRecorded', { campaignId, costId: randomUUID(), amount, date: `2030-03-${String(day).padStart(2, '0')}`, note: null, recordedAt: at(day), recordedBy: null });
function customer(customerId: string, name: string, status: 'lead' | 'customer') {
  return ev('CustomerCreated', {
    customerId, name, email: `${name.toLowerCase()}@example.com`, phone: null, company: null, website: null, address: null, city: null, country: null, industry: null,
    leadSource: 'website', notes: null, status, leadScore: 0, assignedTo: null, tags: [], createdAt: at(2), createdBy: null,
  });
}
function deal(customerId: string, title: string, value: number, stage: string) {
  const dealId = randomUUID();
  const closed = stage === 'closed_won' || stage === 'closed_lost' ? at(9) : null;
  return {
    dealId,
    event: ev('DealCreated', {
      dealId, title, value, probability: 50, stage, customerId, assignedTo: null, expectedCloseDate: null, leadSource: null, tags: [], createdAt: at(8), createdBy: null, closedAt: closed,
    }),
  };
}
function submission(campaignId: string | null, customerId: string, leadCreated: boolean, day: number) {
  const submissionId = randomUUID();
  return {
    submissionId,
    event: ev('LeadFormSubmitted', {
      submissionId, formId: form, formName: 'Spring Signup', campaignId, data: { email: 'x@example.com' }, email: 'x@example.com', customerId, leadCreated, leadSource: 'advertising',
      channel: 'hosted', referrer: null, utmSource: null, utmMedium: null, utmCampaign: null, utmTerm: null, utmContent: null, ipAddress: null, userAgent: null, submittedAt: at(day),
    }),
  };
}

const deals = {
  adaWon: deal(ada, 'Ada big', 3000, 'closed_won'),
  adaWonToo: deal(ada, 'Ada small', 500.5, 'closed_won'),
  adaOpen: deal(ada, 'Ada open', 9999, 'negotiation'),
  bobLost: deal(bob, 'Bob lost', 700, 'closed_lost'),
  cydWon: deal(cyd, 'Cyd won (not a lead of the campaign)', 10000, 'closed_won'),
  danWon: deal(dan, 'Dan won', 200, 'closed_won'),
};

beforeAll(async () => {
  env = await openProjectionTestEnv('external');
  await write(campaignStreamId(spring), campaign(spring, 'Spring Sale', 'spring-sale'), cost(spring, 600, 3), cost(spring, 400, 4));
  await write(campaignStreamId(webinar), campaign(webinar, 'Webinar', 'webinar'));
  await write(campaignStreamId(ads), campaign(ads, 'Ads', 'ads'), cost(ads, 500, 3));
  await write(
    leadFormStreamId(form),
    ev('LeadFormCreated', {
      formId: form, slug: 'spring-signup', name: 'Spring Signup', title: 'Sign up', description: null, fields: DEFAULT_FORM_FIELDS, settings: DEFAULT_FORM_SETTINGS,
      campaignId: spring, allowedOrigins: [], isActive: true, createdAt: at(1), createdBy: null,
    }),
  );
  // Ada and Bob are leads the spring campaign created (Ada became a customer); Cyd was already a customer (her
  // submission updated her: not a lead of the campaign); Dan is the webinar's lead, now a customer.
  await write(customerStreamId(ada), customer(ada, 'Ada', 'lead'), ev('CustomerStatusChanged', { customerId: ada, from: 'lead', to: 'customer', changedAt: at(10), changedBy: null }));
  await write(customerStreamId(bob), customer(bob, 'Bob', 'lead'));
  await write(customerStreamId(cyd), customer(cyd, 'Cyd', 'customer'));
  await write(customerStreamId(dan), customer(dan, 'Dan', 'lead'), ev('CustomerStatusChanged', { customerId: dan, from: 'lead', to: 'customer', changedAt: at(10), changedBy: null }));
  for (const d of Object.values(deals)) await write(dealStreamId(d.dealId), d.event);
  for (const s of [submission(spring, ada, true, 5), submission(spring, bob, true, 6), submission(spring, cyd, false, 7), submission(webinar, dan, true, 5)]) {
    await write(formSubmissionStreamId(s.submissionId), s.event);
  }
  // Cyd again, on the last evening of March in UTC: already April 1 in Paris (no campaign, not a lead).
  const late = submission(null, cyd, false, 31);
  (late.event.data as { submittedAt: string }).submittedAt = LATE_MARCH;
  await write(formSubmissionStreamId(late.submissionId), late.event);
  await waitForVisible(env.store, last);
  for (const projection of [campaignsProjection, leadFormsProjection, submissionsProjection, customersProjection, dealsProjection, usersProjection]) {
    const runner = startProjection(projection, { pool: env.pool, store: env.store, batchSize: 3 });
    await caughtUpOrError(runner);
    await runner.stop();
  }
}, 60_000);
afterAll(async () => {
  await env?.close();
});

describe('campaign figures', () => {
  it('leads, customers won, value won, conversion and ROI per campaign', async () => {
    const byId = new Map((await listCampaigns(env.pool)).campaigns.map((c) => [c.id, c]));
    const springWon = 3000 + 500.5; // Ada's closed_won deals (not her open one, not Cyd's)
    expect(byId.get(spring)).toMatchObject({
      spent: 1000,
      leadsGenerated: 2,
      customersWon: 1,
      wonValue: springWon,
      conversionRate: percentOf(1, 2),
      roi: campaignRoi(springWon, 1000),
    });
    expect(byId.get(spring)!.roi).toBe(250.05);
    // Nothing spent: ROI null ("—"), whatever was won.
    expect(byId.get(webinar)).toMatchObject({ spent: 0, leadsGenerated: 1, customersWon: 1, wonValue: 200, conversionRate: 100, roi: null });
    // Spent without a lead: −100 %.
    expect(byId.get(ads)).toMatchObject({ spent: 500, leadsGenerated: 0, customersWon: 0, wonValue: 0, conversionRate: 0, roi: -100 });
  });

  it('the filtered list computes the same figures', async () => {
    expect((await listCampaigns(env.pool, { search: 'spring' })).campaigns).toEqual([expect.objectContaining({ id: spring, leadsGenerated: 2, wonValue: 3500.5 })]);
  });

  it('pages: each a slice of the one order, with the total of every page; past the end none', async () => {
    const all = await listCampaigns(env.pool);
    expect(all).toMatchObject({ total: 3, page: 1, limit: 100 });
    const [first, second, past] = await Promise.all([1, 2, 3].map((page) => listCampaigns(env.pool, { page, limit: 2 })));
    expect([first, second, past].map((p) => [p!.total, p!.campaigns.length])).toEqual([[3, 2], [3, 1], [3, 0]]);
    expect([...first!.campaigns, ...second!.campaigns].map((c) => c.id)).toEqual(all.campaigns.map((c) => c.id));
    // The figures are computed for the page's campaigns too.
    expect(first!.campaigns.concat(second!.campaigns).find((c) => c.id === spring)).toMatchObject({ leadsGenerated: 2, wonValue: 3500.5 });
    expect(await listCampaigns(env.pool, { search: 'spring', page: 2, limit: 1 })).toMatchObject({ campaigns: [], total: 1 });
  });

  it('options: every campaign and every form by name', async () => {
    expect(await campaignOptions(env.pool)).toEqual([
      { id: ads, name: 'Ads' },
      { id: spring, name: 'Spring Sale' },
      { id: webinar, name: 'Webinar' },
    ]);
    expect(await formOptions(env.pool)).toEqual([{ id: form, name: 'Spring Signup', fields: DEFAULT_FORM_FIELDS }]);
    expect(await listForms(env.pool, { limit: 1 })).toMatchObject({ forms: [{ id: form }], total: 1, page: 1, limit: 1 });
  });

  it('the detail lists the leads (newest first) with their deals, the forms and the costs', async () => {
    const detail = await getCampaignDetail(env.pool, spring);
    expect(detail?.leads.map((l) => [l.customerId, l.name, l.status, l.formName])).toEqual([
      [bob, 'Bob', 'lead', 'Spring Signup'],
      [ada, 'Ada', 'customer', 'Spring Signup'],
    ]);
    const adaDeals = detail!.leads[1]!.deals.map((d) => [d.title, d.stage, d.value]).sort();
    expect(adaDeals).toEqual([
      ['Ada big', 'closed_won', 3000],
      ['Ada open', 'negotiation', 9999],
      ['Ada small', 'closed_won', 500.5],
    ]);
    expect(detail!.leads[0]!.deals).toEqual([{ id: deals.bobLost.dealId, title: 'Bob lost', stage: 'closed_lost', value: 700 }]);
    expect(detail!.forms).toEqual([{ id: form, name: 'Spring Signup', slug: 'spring-signup' }]);
    expect(detail!.costs.map((c) => [c.amount, c.date])).toEqual([
      [400, '2030-03-04'],
      [600, '2030-03-03'],
    ]);
    expect(await getCampaignDetail(env.pool, randomUUID())).toBeNull();
  });

  it('findCampaignByUtm matches the lowercase utm_campaign', async () => {
    expect(await findCampaignByUtm(env.pool, 'SPRING-SALE')).toEqual({ id: spring, name: 'Spring Sale' });
    expect(await findCampaignByUtm(env.pool, 'summer')).toBeNull();
  });
});

describe('monthly trends in the business time zone', () => {
  it('the months are the zone\'s calendar months', () => {
    expect(lastMonths(new Date(LATE_MARCH), 2, 'UTC')).toEqual(['2030-02', '2030-03']);
    expect(lastMonths(new Date(LATE_MARCH), 2, 'Europe/Paris')).toEqual(['2030-03', '2030-04']);
    expect(lastMonths(new Date('2030-01-15T12:00:00Z'), 3, 'Asia/Tokyo')).toEqual(['2029-11', '2029-12', '2030-01']);
  });

  it('a submission counts in the month of its day in the zone', async () => {
    const now = new Date('2030-04-10T08:00:00Z');
    const submissionsBy = async (timeZone: string) =>
      Object.fromEntries((await marketingAnalytics(env.pool, { months: 2, now, timeZone })).monthly.map((m) => [m.month, m.submissions]));
    expect(await submissionsBy('UTC')).toEqual({ '2030-03': 5, '2030-04': 0 });
    expect(await submissionsBy('Europe/Paris')).toEqual({ '2030-03': 4, '2030-04': 1 });
  });
});
