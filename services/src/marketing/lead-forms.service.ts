/**
 * Lead capture forms (issue 16): commands through the lead form decider, reads from the `marketing_forms` read
 * model (read-your-writes). A new form:
 * - gets its slug (its public address `/f/<slug>`) from its name, made unique (`-2`, `-3` …) against every form,
 *   deleted ones included (an old link never lands on another form);
 * - without `settings`, gets the spec's defaults with the first admin's e-mail as the notification address;
 * - without `fields`, the spec's default fields (the input's default); active unless `isActive: false`.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  DEFAULT_FORM_SETTINGS,
  MARKETING_ERRORS,
  domainError,
  leadFormStreamId,
  slugify,
  type EventStore,
  type FormSettings,
  type LeadFormCreateInput,
  type LeadFormListInput,
  type LeadFormListResult,
  type LeadFormOption,
  type LeadFormUpdateInput,
  type LeadFormView,
} from '@crm/contracts';
import { firstAdminEmail, formOptions, formSlugsLike, getForm, getFormBySlug, listForms } from '@crm/projections';
import { handleCommand } from '../platform/command-handler.ts';
import type { CommandContext } from '../platform/decider.ts';
import { waitForProjection } from '../platform/read-your-writes.ts';
import { readCampaignFacts } from './campaign.facts.ts';
import { leadFormDecider, type LeadFormCommand } from './lead-form.decider.ts';
import { MARKETING_NAME_LOCKS, firstFree, withNameLock } from './unique-name.ts';

export const FORMS_PROJECTION = 'marketing_forms';

export interface LeadFormsService {
  /** A page of the forms that are not deleted, newest first, with their counts. */
  list(input: Partial<LeadFormListInput>): Promise<LeadFormListResult>;
  /** Every form that is not deleted, by name, with its fields: a filter's choices. */
  options(): Promise<LeadFormOption[]>;
  /** One form that is not deleted; not_found otherwise. */
  detail(id: string): Promise<LeadFormView>;
  create(input: LeadFormCreateInput, ctx: CommandContext): Promise<LeadFormView>;
  /** Changes only what differs; `isActive` publishes or unpublishes it. */
  update(input: LeadFormUpdateInput, ctx: CommandContext): Promise<LeadFormView>;
  delete(id: string, ctx: CommandContext): Promise<{ id: string }>;
  /** A new form's default settings: the spec's, notifying the first admin. */
  defaultSettings(): Promise<FormSettings>;
}

export function createLeadFormsService(deps: { pool: pg.Pool; store: EventStore }): LeadFormsService {
  const { pool, store } = deps;

  async function detail(id: string): Promise<LeadFormView> {
    const form = await getForm(pool, id);
    if (!form || form.deleted) throw domainError(MARKETING_ERRORS.lead_form_not_found);
    const { deleted: _deleted, ...view } = form;
    return view;
  }

  async function run(command: LeadFormCommand, ctx: CommandContext, options: { expectNew?: boolean } = {}): Promise<string | null> {
    const result = await handleCommand(store, leadFormStreamId(command.formId), leadFormDecider, command, ctx, options);
    await waitForProjection(deps, FORMS_PROJECTION, result.checkpoint);
    return result.checkpoint;
  }

  const campaignFacts = (campaignId: string | null | undefined) => (campaignId ? readCampaignFacts(store, campaignId) : null);

  async function defaultSettings(): Promise<FormSettings> {
    const admin = await firstAdminEmail(pool);
    return { ...structuredClone(DEFAULT_FORM_SETTINGS), notifications: admin ? [admin] : [] };
  }

  return {
    list: (input) => listForms(pool, input),
    options: () => formOptions(pool),
    detail,
    defaultSettings,

    async create(input, ctx) {
      const formId = randomUUID();
      const [settings, campaign] = await Promise.all([input.settings ?? defaultSettings(), campaignFacts(input.campaignId)]);
      const definition = {
        name: input.name,
        title: input.title,
        description: input.description,
        fields: input.fields,
        settings,
        campaignId: input.campaignId,
        allowedOrigins: input.allowedOrigins,
      };
      // The slug is chosen and projected under the lock: two forms created at once with one name get two slugs.
      await withNameLock(pool, MARKETING_NAME_LOCKS.formSlug, async () => {
        const base = slugify(input.name);
        const slug = firstFree(base, await formSlugsLike(pool, base));
        const slugTakenBy = (await getFormBySlug(pool, slug))?.id ?? null;
        await run({ type: 'CreateLeadForm', formId, slug, slugTakenBy, definition, isActive: input.isActive, campaign }, ctx, { expectNew: true });
      });
      return detail(formId);
    },

    async update(input, ctx) {
      const { id, ...patch } = input;
      await run({ type: 'UpdateLeadForm', formId: id, patch, campaign: await campaignFacts(patch.campaignId) }, ctx);
      return detail(id);
    },

    async delete(id, ctx) {
      await run({ type: 'DeleteLeadForm', formId: id }, ctx);
      return { id };
    },
  };
}
