/**
 * The public side of the lead forms (issue 16; docs/MARKETING.md "Public form endpoints"): serving a form with
 * its signed token, counting a view once per token, and taking a submission:
 * 1. the token must be this form's, signed by us and at most 24 h old (else 422 `form_token_invalid`);
 * 2. spam (the honeypot filled, or sent back sooner than FORM_MIN_FILL_SECONDS after it was served) is stored as
 *    LeadFormSpamReceived and answered exactly like a success, so a bot learns nothing;
 * 3. the answers are checked against the form's own fields (`checkSubmission`: 400 naming `data.<name>`);
 * 4. attribution: the form's campaign, else the campaign whose utm_campaign is the submission's (lowercase);
 * 5. with the form's crm integration on and an e-mail answer: the live customer with that e-mail is updated
 *    through the customer aggregate (empty phone and company filled, the tag `form:<slug>`, the answers logged as
 *    an inbound note on its Communications tab), or a lead is created (status lead, unassigned, source from the
 *    UTM parameters and referrer, name, e-mail, phone, company and message from the answers) under an id derived
 *    from the e-mail (`createForEmail`), so simultaneous first submissions of one address make one lead and the
 *    others update it; the system acts
 *    (SYSTEM_CRM_ACTOR: no user), the request's IP and user agent are in the events' metadata;
 * 6. LeadFormSubmitted (stream `form-submission-<id>`) records the answers, where they came from, the campaign
 *    and the customer; the mail reactor (workers/src/marketing) sends the auto-responder and notifications.
 * Transport-free: the routes (public-forms.routes.ts) handle CORS and map the errors.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { v5 as uuidv5 } from 'uuid';
import { ZodError } from 'zod';
import {
  CRM_LIMITS,
  MARKETING_ERRORS,
  SYSTEM_CRM_ACTOR,
  checkSubmission,
  customerCreateInput,
  domainError,
  formSubmissionStreamId,
  formViewsStreamId,
  leadSourceOf,
  submissionEmail,
  submissionName,
  validateEventData,
  type EventStore,
  type FormField,
  type FormSubmissionInput,
  type FormViewInput,
  type LeadSource,
  type PublicFormView,
  type SubmissionData,
} from '@crm/contracts';
import { findCampaignByUtm, findCustomerIdByEmail, getCustomer, getFormBySlug, type LeadFormRecord } from '@crm/projections';
import { handleCommand } from '../platform/command-handler.ts';
import type { CommandContext } from '../platform/decider.ts';
import type { CustomersService } from '../customers/customers.service.ts';
import { formSubmissionDecider, spamReasonOf } from './form-submission.decider.ts';
import type { FormTokens } from './form-token.ts';

/** What every accepted submission (and every spam) is answered with. */
export const FORM_SUBMITTED_MESSAGE = 'Thank you! Your submission has been received.';

/** Namespace of the view ids derived from form tokens (one view per token). */
const VIEW_NAMESPACE = '3a0e6f4c-2d1b-4e8f-9a7c-5b6d8e0f1a2b';

export interface PublicFormsServiceDeps {
  pool: pg.Pool;
  store: EventStore;
  customers: CustomersService;
  /** The form tokens (signed with a key derived from the secrets key). */
  tokens: FormTokens;
  /** FORM_MIN_FILL_SECONDS. */
  minFillSeconds: number;
  /** Our site's address (a referrer from it is not a referral). */
  publicUrl: () => string;
}

export interface PublicFormsService {
  /** The live form at `slug` (active, not deleted), else `form_unavailable` (404). */
  find(slug: string): Promise<LeadFormRecord>;
  /** What a visitor's page shows, and a fresh token. */
  serve(form: LeadFormRecord, now: Date): Promise<{ form: PublicFormView; formToken: string }>;
  /** Counts a view once per token (`counted: false` for a token already counted or a form without analytics). */
  recordView(form: LeadFormRecord, input: FormViewInput, ctx: CommandContext): Promise<{ counted: boolean }>;
  submit(form: LeadFormRecord, input: FormSubmissionInput, ctx: CommandContext): Promise<{ message: string; redirectUrl: string | null; submissionId: string }>;
}

/** The answers' problems as a 400 naming `data.<field>` (the REST and tRPC edges map a ZodError so). */
function answersError(issues: Record<string, string>): ZodError {
  return new ZodError(Object.entries(issues).map(([key, message]) => ({ code: 'custom' as const, path: key.split('.'), message, input: undefined })));
}

const text = (data: SubmissionData, name: string | undefined): string | null => (name && typeof data[name] === 'string' ? (data[name] as string) : null);
const clip = (value: string | null, max: number) => (value === null ? null : value.slice(0, max));

/** The answer of the first field of `type`, or of a field with one of `names` (a form's phone, company, message). */
function answerOf(fields: readonly FormField[], data: SubmissionData, by: { type?: FormField['type']; names?: string[] }): string | null {
  const field = fields.find((f) => (by.type && f.type === by.type) || (by.names ?? []).includes(f.name));
  return text(data, field?.name);
}

/** The answers as lines `Label: value` (a customer's note). */
export function answerLines(fields: readonly FormField[], data: SubmissionData): string {
  return fields
    .filter((f) => data[f.name] !== undefined)
    .map((f) => {
      const v = data[f.name]!;
      return `${f.label}: ${Array.isArray(v) ? v.join(', ') : v === true ? 'Yes' : String(v)}`;
    })
    .join('\n');
}

export function createPublicFormsService(deps: PublicFormsServiceDeps): PublicFormsService {
  const { pool, store, customers } = deps;

  async function verify(form: LeadFormRecord, token: string, now: Date) {
    const check = deps.tokens.verify(token, form.id, now);
    if (!check.ok) throw domainError(MARKETING_ERRORS.form_token_invalid);
    return check.claims;
  }

  async function attributedCampaign(form: LeadFormRecord, utmCampaign: string | null): Promise<string | null> {
    if (form.campaignId) return form.campaignId;
    if (!utmCampaign) return null;
    return (await findCampaignByUtm(pool, utmCampaign))?.id ?? null;
  }

  /** Updates the customer with this e-mail, or creates a lead; null when the form's crm integration is off. */
  async function toCustomer(
    form: LeadFormRecord,
    data: SubmissionData,
    email: string | null,
    leadSource: LeadSource,
    ctx: CommandContext,
  ): Promise<{ customerId: string | null; leadCreated: boolean }> {
    if (!form.settings.integrations.crm || !email) return { customerId: null, leadCreated: false };
    const tag = `form:${form.slug}`.slice(0, CRM_LIMITS.tag);
    const phone = clip(answerOf(form.fields, data, { type: 'phone' }), CRM_LIMITS.phone);
    const company = clip(answerOf(form.fields, data, { names: ['company', 'company_name', 'organization', 'organisation'] }), CRM_LIMITS.company);
    const update = async (existing: string) => {
      const c = await getCustomer(pool, existing, SYSTEM_CRM_ACTOR);
      if (!c) return { customerId: null, leadCreated: false };
      await customers.update(
        SYSTEM_CRM_ACTOR,
        {
          id: existing,
          ...(c.phone === null && phone ? { phone } : {}),
          ...(c.company === null && company ? { company } : {}),
          ...(!c.tags.includes(tag) && c.tags.length < CRM_LIMITS.tags ? { tags: [...c.tags, tag] } : {}),
        },
        ctx,
      );
      await customers.logCommunication(
        SYSTEM_CRM_ACTOR,
        {
          customerId: existing,
          type: 'note',
          direction: 'inbound',
          status: 'read',
          subject: `Form submission: ${form.name}`.slice(0, CRM_LIMITS.subject),
          content: answerLines(form.fields, data).slice(0, CRM_LIMITS.content),
          attachmentIds: [],
          occurredAt: null,
        },
        ctx,
      );
      return { customerId: existing, leadCreated: false };
    };
    const existing = await findCustomerIdByEmail(pool, email);
    if (existing) return update(existing);
    const input = customerCreateInput.parse({
      name: clip(submissionName(form.fields, data), CRM_LIMITS.name),
      email,
      phone,
      company,
      notes: clip(answerOf(form.fields, data, { type: 'textarea', names: ['message', 'comments', 'notes'] }), CRM_LIMITS.notes),
      leadSource,
      status: 'lead',
      assignedTo: null,
      tags: [tag],
    });
    // A simultaneous first submission with this address may have created the lead since the lookup: then this
    // one updates it like any existing customer.
    const lead = await customers.createForEmail(SYSTEM_CRM_ACTOR, input, ctx);
    return lead.created ? { customerId: lead.id, leadCreated: true } : update(lead.id);
  }

  return {
    async find(slug) {
      const form = await getFormBySlug(pool, slug);
      if (!form || !form.isActive || form.deleted) throw domainError(MARKETING_ERRORS.form_unavailable);
      return form;
    },

    async serve(form, now) {
      const formToken = deps.tokens.issue(form.id, now);
      return {
        form: {
          slug: form.slug,
          title: form.title,
          description: form.description,
          fields: form.fields,
          redirectUrl: form.settings.redirectUrl,
          analytics: form.settings.integrations.analytics,
        },
        formToken,
      };
    },

    async recordView(form, input, ctx) {
      const claims = await verify(form, input.formToken, ctx.now);
      if (!form.settings.integrations.analytics) return { counted: false };
      const viewId = uuidv5(`view:${claims.nonce}`, VIEW_NAMESPACE);
      const data = {
        formId: form.id,
        viewId,
        channel: input.channel,
        referrer: input.referrer,
        utmSource: input.utmSource,
        utmMedium: input.utmMedium,
        utmCampaign: input.utmCampaign,
        utmTerm: input.utmTerm,
        utmContent: input.utmContent,
        viewedAt: ctx.now.toISOString(),
      };
      try {
        // The event's id is the view's: a second view with the same token is the same event, stored once.
        await store.append(formViewsStreamId(ctx.now), [{ id: viewId, type: 'LeadFormViewed', ...validateEventData('LeadFormViewed', data), metadata: ctx.metadata }], {
          expectedVersion: 'any',
        });
      } catch (err) {
        if ((err as { code?: string }).code === '23505') return { counted: false };
        throw err;
      }
      return { counted: true };
    },

    async submit(form, input, ctx) {
      const claims = await verify(form, input.formToken, ctx.now);
      const submissionId = randomUUID();
      const origin = {
        channel: input.channel,
        referrer: input.referrer,
        utmSource: input.utmSource,
        utmMedium: input.utmMedium,
        utmCampaign: input.utmCampaign,
        utmTerm: input.utmTerm,
        utmContent: input.utmContent,
        ipAddress: ctx.metadata.ip ?? null,
        userAgent: ctx.metadata.userAgent ?? null,
      };
      const answer = { message: FORM_SUBMITTED_MESSAGE, redirectUrl: form.settings.redirectUrl, submissionId };
      const spam = spamReasonOf({ honeypot: input.website, servedAt: claims.servedAt, now: ctx.now, minFillMs: deps.minFillSeconds * 1000 });
      if (spam) {
        await handleCommand(
          store,
          formSubmissionStreamId(submissionId),
          formSubmissionDecider,
          { type: 'ReceiveFormSpam', spam: { submissionId, formId: form.id, formName: form.name, reason: spam, data: input.data, ...origin } },
          ctx,
          { expectNew: true },
        );
        return answer;
      }
      const checked = checkSubmission(form.fields, input.data);
      if (!checked.ok) throw answersError(checked.issues);
      const data = checked.data;
      const email = submissionEmail(form.fields, data);
      const leadSource = leadSourceOf(input, input.referrer, new URL(deps.publicUrl()).host);
      const campaignId = await attributedCampaign(form, input.utmCampaign);
      const { customerId, leadCreated } = await toCustomer(form, data, email, leadSource, ctx);
      await handleCommand(
        store,
        formSubmissionStreamId(submissionId),
        formSubmissionDecider,
        {
          type: 'ReceiveFormSubmission',
          submission: { submissionId, formId: form.id, formName: form.name, campaignId, data, email, customerId, leadCreated, leadSource, ...origin, locale: input.locale },
        },
        ctx,
        { expectNew: true },
      );
      return answer;
    },
  };
}
