/**
 * The form submissions and form views read models row by row (issue 16): a real submission with its lead and
 * campaign, a spam one with its reason and no customer, each written once however often its event is seen; a view
 * per LeadFormViewed, in one batch or one event per batch.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, it } from 'vitest';
import { formSubmissionStreamId, formViewsStreamId, type MarketingEvent } from '@crm/contracts';
import { formViewsProjection, submissionSearchText, submissionsProjection } from '../../src/marketing/index.ts';
import { type SpecEvent, projectionSpec } from '../support/projection-spec.ts';

const submissions = projectionSpec(submissionsProjection);
const views = projectionSpec(formViewsProjection);
afterAll(async () => {
  await submissions.close();
  await views.close();
});

const formId = randomUUID();
const at = '2030-06-01T09:00:00.000Z';
const origin = {
  channel: 'embed' as const,
  referrer: 'https://partner.example.com/page',
  utmSource: 'facebook',
  utmMedium: 'cpc',
  utmCampaign: 'spring',
  utmTerm: null,
  utmContent: 'banner-a',
};

function submitted(id: string, customerId: string | null, campaignId: string | null): SpecEvent {
  const e: MarketingEvent = {
    type: 'LeadFormSubmitted',
    data: {
      submissionId: id,
      formId,
      formName: 'Demo request',
      campaignId,
      data: { full_name: 'Ada Lovelace', email: 'ada@example.com', topics: ['Demo', 'Pricing'], newsletter: true },
      email: 'ada@example.com',
      customerId,
      leadCreated: customerId !== null,
      leadSource: 'advertising',
      ...origin,
      ipAddress: '203.0.113.9',
      userAgent: 'Mozilla/5.0',
      submittedAt: at,
    },
  };
  return { streamId: formSubmissionStreamId(id), type: e.type, data: e.data };
}

function spam(id: string): SpecEvent {
  const e: MarketingEvent = {
    type: 'LeadFormSpamReceived',
    data: { submissionId: id, formId, formName: 'Demo request', reason: 'too_fast', data: { email: 'bot@example.com', extra: 1 }, ...origin, ipAddress: null, userAgent: null, receivedAt: at },
  };
  return { streamId: formSubmissionStreamId(id), type: e.type, data: e.data };
}

describe('submissions projection: given events, then rows', () => {
  it('a real submission: its form, lead, campaign, answers and origin; spam: its reason, no customer', async () => {
    const real = randomUUID();
    const junk = randomUUID();
    const customerId = randomUUID();
    const campaignId = randomUUID();
    await submissions.given(submitted(real, customerId, campaignId)).when(spam(junk)).then([
      {
        id: real,
        form_id: formId,
        form_name: 'Demo request',
        campaign_id: campaignId,
        customer_id: customerId,
        lead_created: true,
        lead_source: 'advertising',
        spam: false,
        spam_reason: null,
        email: 'ada@example.com',
        data: { full_name: 'Ada Lovelace', email: 'ada@example.com', topics: ['Demo', 'Pricing'], newsletter: true },
        channel: 'embed',
        ip_address: '203.0.113.9',
        referrer: 'https://partner.example.com/page',
        utm_source: 'facebook',
        utm_content: 'banner-a',
        created_at: at,
        search: 'ada@example.com demo request ada lovelace ada@example.com demo pricing',
      },
      {
        id: junk,
        form_id: formId,
        form_name: 'Demo request',
        campaign_id: null,
        customer_id: null,
        lead_created: false,
        lead_source: null,
        spam: true,
        spam_reason: 'too_fast',
        email: null,
        data: { email: 'bot@example.com', extra: 1 },
        channel: 'embed',
        ip_address: null,
        referrer: 'https://partner.example.com/page',
        utm_source: 'facebook',
        utm_content: 'banner-a',
        created_at: at,
        search: ' demo request bot@example.com',
      },
    ]);
  });

  it('the same event seen twice (a replay) leaves one row', async () => {
    const id = randomUUID();
    const event = submitted(id, null, null);
    await submissions.given(event).when({ ...event, streamId: `${event.streamId}-again` }).then([{ id, customer_id: null, lead_created: false }]);
  });

  it('search text: e-mail, form name and every text answer, lower-cased', () => {
    if (submissionSearchText({ email: null, formName: 'Form', data: { a: 'Hello', b: ['X', 'Y'], c: true } }) !== ' form hello x y') throw new Error('unexpected search text');
  });
});

describe('form views projection: given events, then rows', () => {
  it('one row per view with its origin', async () => {
    const a = randomUUID();
    const b = randomUUID();
    const view = (viewId: string, channel: 'hosted' | 'embed'): SpecEvent => {
      const e: MarketingEvent = { type: 'LeadFormViewed', data: { formId, viewId, ...origin, channel, viewedAt: at } };
      return { streamId: formViewsStreamId(new Date(at)), type: e.type, data: e.data };
    };
    await views.given(view(a, 'hosted')).when(view(b, 'embed')).then([
      { id: a, form_id: formId, channel: 'hosted', utm_source: 'facebook', utm_medium: 'cpc', utm_campaign: 'spring', referrer: 'https://partner.example.com/page', viewed_at: at },
      { id: b, form_id: formId, channel: 'embed', utm_source: 'facebook', utm_medium: 'cpc', utm_campaign: 'spring', referrer: 'https://partner.example.com/page', viewed_at: at },
    ]);
  });
});
