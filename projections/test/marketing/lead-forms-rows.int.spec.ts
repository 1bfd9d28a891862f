/**
 * The lead forms read model row by row: created, updated, published and unpublished, deleted; views,
 * submissions (leads created) and spam counted.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, it } from 'vitest';
import { DEFAULT_FORM_FIELDS, DEFAULT_FORM_SETTINGS, formSubmissionStreamId, formViewsStreamId, leadFormStreamId, type MarketingEvent } from '@crm/contracts';
import { leadFormsProjection } from '../../src/marketing/lead-forms.projection.ts';
import { type SpecEvent, projectionSpec } from '../support/projection-spec.ts';

const spec = projectionSpec(leadFormsProjection);
afterAll(() => spec.close());

const marketer = randomUUID();
const campaignId = randomUUID();
const fields = DEFAULT_FORM_FIELDS.map((f) => ({ ...f, options: [...f.options] }));
const settings = { ...DEFAULT_FORM_SETTINGS, notifications: ['admin@example.com'] };
const form = (e: MarketingEvent & { data: { formId: string } }): SpecEvent => ({ streamId: leadFormStreamId(e.data.formId), type: e.type, data: e.data });
const created = (formId: string) =>
  form({
    type: 'LeadFormCreated',
    data: { formId, slug: 'contact-us', name: 'Contact Us', title: 'Get in Touch', description: null, fields, settings, campaignId: null, allowedOrigins: [], isActive: true, createdAt: '2030-02-01T09:00:00.000Z', createdBy: marketer },
  });
const origin = { channel: 'hosted' as const, referrer: null, utmSource: null, utmMedium: null, utmCampaign: null, utmTerm: null, utmContent: null };
const viewed = (formId: string): SpecEvent => ({
  streamId: formViewsStreamId(new Date('2030-02-05T00:00:00.000Z')),
  type: 'LeadFormViewed',
  data: { formId, viewId: randomUUID(), ...origin, viewedAt: '2030-02-05T10:00:00.000Z' },
});
const submitted = (formId: string, leadCreated: boolean): SpecEvent => {
  const submissionId = randomUUID();
  return {
    streamId: formSubmissionStreamId(submissionId),
    type: 'LeadFormSubmitted',
    data: {
      submissionId, formId, formName: 'Contact Us', campaignId: null, data: { full_name: 'Ada', email: 'ada@example.com' }, email: 'ada@example.com',
      customerId: randomUUID(), leadCreated, leadSource: 'website', ...origin, ipAddress: null, userAgent: null, submittedAt: '2030-02-05T10:01:00.000Z',
    },
  };
};
const spam = (formId: string): SpecEvent => {
  const submissionId = randomUUID();
  return {
    streamId: formSubmissionStreamId(submissionId),
    type: 'LeadFormSpamReceived',
    data: { submissionId, formId, formName: 'Contact Us', reason: 'honeypot', data: {}, ...origin, ipAddress: null, userAgent: null, receivedAt: '2030-02-05T10:02:00.000Z' },
  };
};

describe('marketing_forms projection: given events, then rows', () => {
  it('a created form: slug, definition, active, zero counts', async () => {
    const id = randomUUID();
    await spec.given(created(id)).then([
      {
        id, slug: 'contact-us', name: 'Contact Us', title: 'Get in Touch', description: null, fields, settings, is_active: true, deleted: false, campaign_id: null,
        allowed_origins: [], views: 0, submissions_count: 0, spam_count: 0, leads_created: 0, created_by: marketer, created_at: '2030-02-01T09:00:00.000Z', search: 'contact us get in touch',
      },
    ]);
  });

  it('updated, unpublished, republished, linked to a campaign, then deleted', async () => {
    const id = randomUUID();
    await spec
      .given(created(id))
      .when(
        form({ type: 'LeadFormUpdated', data: { formId: id, changes: { title: 'Talk to Us', campaignId, allowedOrigins: ['https://example.com'] }, updatedAt: '2030-02-02T09:00:00.000Z', updatedBy: marketer } }),
        form({ type: 'LeadFormDeactivated', data: { formId: id, deactivatedAt: '2030-02-03T09:00:00.000Z', deactivatedBy: marketer } }),
      )
      .then([{ id, title: 'Talk to Us', campaign_id: campaignId, allowed_origins: ['https://example.com'], is_active: false, deleted: false, updated_at: '2030-02-03T09:00:00.000Z', search: 'contact us talk to us' }]);
    await spec
      .given(created(id))
      .when(
        form({ type: 'LeadFormDeactivated', data: { formId: id, deactivatedAt: '2030-02-03T09:00:00.000Z', deactivatedBy: marketer } }),
        form({ type: 'LeadFormActivated', data: { formId: id, activatedAt: '2030-02-04T09:00:00.000Z', activatedBy: marketer } }),
        form({ type: 'LeadFormDeleted', data: { formId: id, deletedAt: '2030-02-05T09:00:00.000Z', deletedBy: marketer } }),
      )
      .then([{ id, is_active: true, deleted: true, updated_at: '2030-02-05T09:00:00.000Z' }]);
  });

  it('counts views, submissions (leads created apart) and spam, per form', async () => {
    const id = randomUUID();
    const other = randomUUID();
    await spec
      .given(created(id), created(other))
      .when(viewed(id), viewed(id), viewed(id), viewed(other), submitted(id, true), submitted(id, false), spam(id), spam(other))
      .then([
        { id, views: 3, submissions_count: 2, leads_created: 1, spam_count: 1, updated_at: '2030-02-01T09:00:00.000Z' },
        { id: other, views: 1, submissions_count: 0, leads_created: 0, spam_count: 1, updated_at: '2030-02-01T09:00:00.000Z' },
      ]);
  });
});
