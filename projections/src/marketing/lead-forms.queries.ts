/** Reads of the lead forms read model (`marketing_forms`, through its VIEW), with each form's campaign name. */
import { percentOf, type FormField, type FormSettings, type LeadFormListInput, type LeadFormListResult, type LeadFormOption, type LeadFormView } from '@crm/contracts';
import type { SqlQueryable } from '../runner/projection.ts';
import { containsPattern, escapeLike, newestFirstPage, sqlParams } from '../runner/read-model.ts';

/** A form as the read model holds it: its view and whether it was deleted (public endpoints refuse those). */
export type LeadFormRecord = LeadFormView & { deleted: boolean };

interface FormRow {
  id: string;
  slug: string;
  name: string;
  title: string;
  description: string | null;
  fields: FormField[];
  settings: FormSettings;
  is_active: boolean;
  deleted: boolean;
  campaign_id: string | null;
  campaign_name: string | null;
  allowed_origins: string[];
  views: number;
  submissions_count: number;
  spam_count: number;
  leads_created: number;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `f.id::text AS id, f.slug, f.name, f.title, f.description, f.fields, f.settings, f.is_active, f.deleted,
  f.campaign_id::text AS campaign_id, c.name AS campaign_name, f.allowed_origins, f.views, f.submissions_count, f.spam_count,
  f.leads_created, f.created_by::text AS created_by, f.created_at, f.updated_at`;
const FROM = 'marketing_forms f LEFT JOIN marketing_campaigns c ON c.id = f.campaign_id';

function toRecord(r: FormRow): LeadFormRecord {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    title: r.title,
    description: r.description,
    fields: r.fields,
    settings: r.settings,
    isActive: r.is_active,
    campaignId: r.campaign_id,
    campaignName: r.campaign_name,
    allowedOrigins: r.allowed_origins,
    views: r.views,
    submissionsCount: r.submissions_count,
    spamCount: r.spam_count,
    leadsCreated: r.leads_created,
    conversionRate: percentOf(r.submissions_count, r.views),
    createdBy: r.created_by,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    deleted: r.deleted,
  };
}

const toView = (r: FormRow): LeadFormView => {
  const { deleted: _deleted, ...view } = toRecord(r);
  return view;
};

/** A page of the forms that are not deleted, matching the search (name or title) and the active filter, newest first. */
export async function listForms(db: SqlQueryable, filter: Partial<LeadFormListInput> = {}): Promise<LeadFormListResult> {
  const sql = sqlParams();
  const where = ['NOT f.deleted'];
  const search = filter.search?.trim().toLowerCase();
  if (search) where.push(`f.search LIKE ${sql.param(containsPattern(search))}`);
  if (filter.active !== undefined) where.push(`f.is_active = ${sql.param(filter.active)}`);
  const { rows, ...paging } = await newestFirstPage<FormRow>(db, { relation: FROM, columns: COLUMNS, where, sql, page: filter.page, limit: filter.limit });
  return { forms: rows.map(toView), ...paging };
}

/** Every form that is not deleted, by name (then id), with its fields: a filter's choices. */
export async function formOptions(db: SqlQueryable): Promise<LeadFormOption[]> {
  const { rows } = await db.query(`SELECT id::text AS id, name, fields FROM marketing_forms WHERE NOT deleted ORDER BY lower(name), name, id`);
  return rows as LeadFormOption[];
}

/** One form by id, deleted or not (the caller decides), or null. */
export async function getForm(db: SqlQueryable, id: string): Promise<LeadFormRecord | null> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE f.id = $1::uuid`, [id]);
  return rows[0] ? toRecord(rows[0] as FormRow) : null;
}

/** One form by its slug (`/f/<slug>`), active or not, deleted or not (the caller decides), or null. */
export async function getFormBySlug(db: SqlQueryable, slug: string): Promise<LeadFormRecord | null> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE f.slug = $1 ORDER BY f.created_at LIMIT 1`, [slug]);
  return rows[0] ? toRecord(rows[0] as FormRow) : null;
}

/** The slugs already used that are `base` or start with `base-` (deleted forms keep theirs: old links never move). */
export async function formSlugsLike(db: SqlQueryable, base: string): Promise<Set<string>> {
  const { rows } = await db.query(`SELECT slug FROM marketing_forms WHERE slug = $1 OR slug LIKE $2`, [base, `${escapeLike(base)}-%`]);
  return new Set((rows as { slug: string }[]).map((r) => r.slug));
}

/** The first active, approved admin's e-mail (oldest account first): a new form's default notification address. */
export async function firstAdminEmail(db: SqlQueryable): Promise<string | null> {
  const { rows } = await db.query(`SELECT email FROM users WHERE user_type = 'admin' AND is_active AND is_approved ORDER BY created_at, id LIMIT 1`);
  return (rows[0] as { email: string } | undefined)?.email ?? null;
}
