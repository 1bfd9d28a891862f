/**
 * Form views (issue 16; LeadFormViewed in the day streams `leadform-views-YYYY-MM-DD`): `marketing_form_views`,
 * one row per counted view (one per served form token), with where it came from, for the analytics' traffic
 * sources and per-form conversion over time. The per-form total is `marketing_forms.views`.
 */
import { marketingEventSchemas } from '@crm/contracts';
import { type PhysicalTables, defineProjection } from '../runner/projection.ts';
import { contractEventParser } from '../runner/read-model.ts';
import { PROJECTED_AT, type RowOf, createReadModelIndexes, createReadModelTables, readModelTable } from '../runner/read-model-table.ts';

const parseViewEvent = contractEventParser(marketingEventSchemas, ['LeadFormViewed'] as const);

export const formViewsTable = readModelTable({
  name: 'marketing_form_views',
  columns: {
    id: { type: 'uuid', primaryKey: true },
    form_id: { type: 'uuid' },
    channel: { type: 'text' },
    referrer: { type: 'text', nullable: true },
    utm_source: { type: 'text', nullable: true },
    utm_medium: { type: 'text', nullable: true },
    utm_campaign: { type: 'text', nullable: true },
    viewed_at: { type: 'timestamptz' },
    projected_at: PROJECTED_AT,
  },
  indexes: [
    { name: 'viewed', on: '(viewed_at DESC)' },
    { name: 'form', on: '(form_id, viewed_at DESC)' },
  ],
});

export type FormViewRow = RowOf<typeof formViewsTable>;

export const formViewsProjection = defineProjection({
  name: 'marketing_form_views',
  version: 1,
  tables: [formViewsTable.name],
  eventTypes: ['LeadFormViewed'],

  async setup(client, physical) {
    await createReadModelTables(client, physical, formViewsTable);
  },

  async indexes(client, tables: PhysicalTables) {
    await createReadModelIndexes(client, tables, formViewsTable);
  },

  async apply(client, events, tables: PhysicalTables) {
    const rows = new Map<string, FormViewRow>();
    for (const event of events) {
      const parsed = parseViewEvent(event);
      if (!parsed) continue;
      const d = parsed.data;
      rows.set(d.viewId, {
        id: d.viewId,
        form_id: d.formId,
        channel: d.channel,
        referrer: d.referrer,
        utm_source: d.utmSource,
        utm_medium: d.utmMedium,
        utm_campaign: d.utmCampaign,
        viewed_at: d.viewedAt,
      });
    }
    if (rows.size > 0) await formViewsTable.insertNew(client, tables.marketing_form_views!, [...rows.values()]);
  },
});
