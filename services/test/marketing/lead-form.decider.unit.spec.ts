import { describe, it } from 'vitest';
import { DEFAULT_FORM_FIELDS, DEFAULT_FORM_SETTINGS, type LeadFormDefinition, type LeadFormEvent } from '@crm/contracts';
import { leadFormDecider } from '../../src/marketing/lead-form.decider.ts';
import { deciderSpec } from '../support/given-when-then.ts';

const now = new Date('2030-03-01T10:00:00.000Z');
const at = now.toISOString();
const marketer = 'a3c1b2d4-0000-4000-8000-000000000001';
const formId = '0b7a4f64-52b9-4c5c-9d1e-5a0f5e2f1c11';
const otherForm = '0b7a4f64-52b9-4c5c-9d1e-5a0f5e2f1c22';
const campaignId = 'ca000000-52b9-4c5c-9d1e-5a0f5e2f1c33';
const spec = deciderSpec(leadFormDecider, { now, userId: marketer, metadata: { correlationId: 'test' } });

const definition: LeadFormDefinition = {
  name: 'Contact Us',
  title: 'Get in touch',
  description: null,
  fields: DEFAULT_FORM_FIELDS.map((f) => ({ ...f, options: [...f.options] })),
  settings: { ...DEFAULT_FORM_SETTINGS, notifications: ['admin@example.com'] },
  campaignId: null,
  allowedOrigins: [],
};
const created: LeadFormEvent = { type: 'LeadFormCreated', data: { formId, slug: 'contact-us', ...definition, isActive: true, createdAt: '2030-02-01T09:00:00.000Z', createdBy: marketer } };
const deactivated: LeadFormEvent = { type: 'LeadFormDeactivated', data: { formId, deactivatedAt: '2030-02-02T09:00:00.000Z', deactivatedBy: marketer } };
const deleted: LeadFormEvent = { type: 'LeadFormDeleted', data: { formId, deletedAt: '2030-02-03T09:00:00.000Z', deletedBy: marketer } };
const campaign = { id: campaignId, exists: true };

describe('lead form decider: create', () => {
  it('creates a form with its slug, definition and active flag', () => {
    spec
      .given([])
      .when({ type: 'CreateLeadForm', formId, slug: 'contact-us', slugTakenBy: null, definition, isActive: false, campaign: null })
      .then([{ type: 'LeadFormCreated', data: { formId, slug: 'contact-us', ...definition, isActive: false, createdAt: at, createdBy: marketer } }]);
  });

  it('refuses a slug another form holds', () => {
    spec.given([]).when({ type: 'CreateLeadForm', formId, slug: 'contact-us', slugTakenBy: otherForm, definition, isActive: true, campaign: null }).thenThrows('lead_form_exists');
  });

  it("a form's campaign must exist", () => {
    const withCampaign = { ...definition, campaignId };
    spec
      .given([])
      .when({ type: 'CreateLeadForm', formId, slug: 'contact-us', slugTakenBy: null, definition: withCampaign, isActive: true, campaign: { id: campaignId, exists: false } })
      .thenThrows('campaign_not_found');
    spec
      .given([])
      .when({ type: 'CreateLeadForm', formId, slug: 'contact-us', slugTakenBy: null, definition: withCampaign, isActive: true, campaign })
      .then([{ type: 'LeadFormCreated', data: { formId, slug: 'contact-us', ...withCampaign, isActive: true, createdAt: at, createdBy: marketer } }]);
  });
});

describe('lead form decider: update', () => {
  it('writes only what changed', () => {
    spec
      .given([created])
      .when({ type: 'UpdateLeadForm', formId, patch: { name: 'Contact Us', title: 'Talk to us', fields: definition.fields }, campaign: null })
      .then([{ type: 'LeadFormUpdated', data: { formId, changes: { title: 'Talk to us' }, updatedAt: at, updatedBy: marketer } }]);
  });

  it('writes nothing when nothing changed', () => {
    spec.given([created]).when({ type: 'UpdateLeadForm', formId, patch: { name: 'Contact Us', isActive: true }, campaign: null }).then([]);
  });

  it('isActive publishes and unpublishes with their own events', () => {
    spec.given([created]).when({ type: 'UpdateLeadForm', formId, patch: { isActive: false }, campaign: null }).then([{ type: 'LeadFormDeactivated', data: { formId, deactivatedAt: at, deactivatedBy: marketer } }]);
    spec
      .given([created, deactivated])
      .when({ type: 'UpdateLeadForm', formId, patch: { title: 'New', isActive: true }, campaign: null })
      .then([
        { type: 'LeadFormUpdated', data: { formId, changes: { title: 'New' }, updatedAt: at, updatedBy: marketer } },
        { type: 'LeadFormActivated', data: { formId, activatedAt: at, activatedBy: marketer } },
      ]);
  });

  it('a new campaign must exist; clearing it needs no facts', () => {
    spec.given([created]).when({ type: 'UpdateLeadForm', formId, patch: { campaignId }, campaign: null }).thenThrows('campaign_not_found');
    spec.given([created]).when({ type: 'UpdateLeadForm', formId, patch: { campaignId }, campaign }).then([{ type: 'LeadFormUpdated', data: { formId, changes: { campaignId }, updatedAt: at, updatedBy: marketer } }]);
    const linked: LeadFormEvent = { type: 'LeadFormUpdated', data: { formId, changes: { campaignId }, updatedAt: at, updatedBy: marketer } };
    spec.given([created, linked]).when({ type: 'UpdateLeadForm', formId, patch: { campaignId: null }, campaign: null }).then([{ type: 'LeadFormUpdated', data: { formId, changes: { campaignId: null }, updatedAt: at, updatedBy: marketer } }]);
  });

  it('an unknown form is not found, a deleted one refused', () => {
    spec.given([]).when({ type: 'UpdateLeadForm', formId, patch: { title: 'x' }, campaign: null }).thenThrows('lead_form_not_found');
    spec.given([created, deleted]).when({ type: 'UpdateLeadForm', formId, patch: { title: 'x' }, campaign: null }).thenThrows('lead_form_deleted');
  });
});

describe('lead form decider: delete', () => {
  it('deletes a form once', () => {
    spec.given([created]).when({ type: 'DeleteLeadForm', formId }).then([{ type: 'LeadFormDeleted', data: { formId, deletedAt: at, deletedBy: marketer } }]);
    spec.given([created, deleted]).when({ type: 'DeleteLeadForm', formId }).thenThrows('lead_form_not_found');
    spec.given([]).when({ type: 'DeleteLeadForm', formId }).thenThrows('lead_form_not_found');
  });
});
