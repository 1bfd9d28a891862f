import { z } from 'zod';
import { LEAD_SOURCES, type LeadSource } from '../crm/crm.constants.ts';
import { MARKETING_LIMITS, type FormField, type Utm } from './marketing.constants.ts';

/** One answer as stored: text for most types, a list for a checkbox group, yes/no for a single checkbox. */
export type SubmissionValue = string | string[] | boolean;
export type SubmissionData = Record<string, SubmissionValue>;

const EMAIL = z.email();
const PHONE = /^[+()0-9 .\-/x]{3,40}$/i;

export type SubmissionCheck = { ok: true; data: SubmissionData } | { ok: false; issues: Record<string, string> };

/**
 * Checks a submission's answers against the form's own fields (server and hosted page alike). Issues are keyed
 * `data.<field name>` (the public REST 400 names them so); unknown keys are issues too. Text is trimmed; empty
 * optional answers are left out.
 */
export function checkSubmission(fields: readonly FormField[], raw: unknown): SubmissionCheck {
  const issues: Record<string, string> = {};
  const data: SubmissionData = {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, issues: { data: 'must be an object of answers' } };
  const answers = raw as Record<string, unknown>;
  const known = new Set(fields.map((f) => f.name));
  for (const key of Object.keys(answers)) if (!known.has(key)) issues[`data.${key.slice(0, 60)}`] = 'is not a field of this form';

  for (const field of fields) {
    const at = `data.${field.name}`;
    const value = answers[field.name];
    const missing = value === undefined || value === null || value === '' || value === false || (Array.isArray(value) && value.length === 0);
    if (missing) {
      if (field.required) issues[at] = 'is required';
      continue;
    }
    if (field.type === 'checkbox') {
      if (field.options.length === 0) {
        if (value !== true) issues[at] = 'must be true or false';
        else data[field.name] = true;
        continue;
      }
      const list = Array.isArray(value) ? value : [value];
      if (!list.every((v): v is string => typeof v === 'string' && field.options.includes(v))) issues[at] = `must be among: ${field.options.join(', ')}`;
      else data[field.name] = [...new Set(list)];
      continue;
    }
    if (typeof value !== 'string') {
      issues[at] = 'must be text';
      continue;
    }
    const text = value.trim();
    const max = field.type === 'textarea' ? MARKETING_LIMITS.answer : 500;
    if (text.length === 0) {
      if (field.required) issues[at] = 'is required';
      continue;
    }
    if (text.length > max) issues[at] = `must be at most ${max} characters`;
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    else if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) issues[at] = 'must not contain control characters';
    else if (field.type === 'email' && !EMAIL.safeParse(text).success) issues[at] = 'must be a valid e-mail address';
    else if (field.type === 'phone' && !PHONE.test(text)) issues[at] = 'must be a phone number';
    else if ((field.type === 'select' || field.type === 'radio') && !field.options.includes(text)) issues[at] = `must be one of: ${field.options.join(', ')}`;
    else data[field.name] = field.type === 'email' ? text.toLowerCase() : text;
  }
  return Object.keys(issues).length > 0 ? { ok: false, issues } : { ok: true, data };
}

/** The submitter's e-mail: the first e-mail field's answer (a form without one cannot create a lead). */
export function submissionEmail(fields: readonly FormField[], data: SubmissionData): string | null {
  const field = fields.find((f) => f.type === 'email' && typeof data[f.name] === 'string');
  return field ? (data[field.name] as string) : null;
}

/** The submitter's name: a field named like a name (full_name, name, first/last name), else the e-mail's local part. */
export function submissionName(fields: readonly FormField[], data: SubmissionData): string | null {
  const text = (name: string) => (typeof data[name] === 'string' ? (data[name] as string) : '');
  for (const key of ['full_name', 'name', 'fullname']) if (text(key)) return text(key);
  const joined = [text('first_name'), text('last_name')].filter(Boolean).join(' ');
  if (joined) return joined;
  const email = submissionEmail(fields, data);
  return email ? email.split('@')[0]! : null;
}

const SOCIAL_HOSTS = ['facebook.', 'fb.', 'instagram.', 'linkedin.', 'lnkd.in', 'twitter.', 'x.com', 't.co', 'youtube.', 'tiktok.', 'pinterest.', 'reddit.'];
const PAID_MEDIUMS = ['cpc', 'ppc', 'paid', 'paid_social', 'paidsocial', 'display', 'ads', 'cpm', 'banner', 'retargeting'];

/** The referrer's host, lowercase, without `www.`; null when absent or not a URL. */
export function referrerHost(referrer: string | null | undefined): string | null {
  if (!referrer) return null;
  try {
    return new URL(referrer).hostname.toLowerCase().replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

/**
 * A new lead's source (the Customers list's leadSource) from its UTM parameters and referrer: a paid medium →
 * advertising; a social source, medium or referrer → social_media; another site's referrer or a referral
 * medium → referral; otherwise website. `ownHost` is our site's host (its referrer is not a referral).
 */
export function leadSourceOf(utm: Pick<Utm, 'utmSource' | 'utmMedium'>, referrer: string | null, ownHost?: string | null): LeadSource {
  const source = (utm.utmSource ?? '').toLowerCase();
  const medium = (utm.utmMedium ?? '').toLowerCase();
  const host = referrerHost(referrer);
  const social = (value: string) => SOCIAL_HOSTS.some((s) => value.includes(s.replace(/\.$/, '')));
  if (PAID_MEDIUMS.includes(medium)) return 'advertising';
  if (medium === 'social' || (source && social(source)) || (host && SOCIAL_HOSTS.some((s) => host.startsWith(s) || host.includes(`.${s}`) || host === s))) return 'social_media';
  if (medium === 'referral' || (host && host !== (ownHost ?? '').toLowerCase().replace(/^www\./, ''))) return 'referral';
  return LEAD_SOURCES[0];
}
