import { z } from 'zod';
import { CRM_DATE_YEARS, CRM_LIMITS, inCrmDateYears } from './crm.constants.ts';
import { FORMAT_ISSUE } from '../platform/field-issues.ts';

/** Field builders shared by the CRM inputs: trimmed text, empty → null, messages that name the rule. */
export const oneOf = (values: readonly string[]) => `must be one of ${values.join(', ')}`;

export const requiredText = (max: number) =>
  z.string({ error: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

export const optionalText = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const optionalEmail = z
  .string({ error: 'must be text' })
  .trim()
  .max(CRM_LIMITS.email, `must be at most ${CRM_LIMITS.email} characters`)
  .nullish()
  .transform((v) => (v ? v.toLowerCase() : null))
  .refine((v) => v === null || z.email().safeParse(v).success, { message: 'must be a valid e-mail address', params: FORMAT_ISSUE });

/** For `.refine` on a date or date-time string: its year within CRM_DATE_YEARS. */
export const withinCrmYears = [
  (v: string | null | undefined) => !v || inCrmDateYears(v),
  { message: `must be in the years ${CRM_DATE_YEARS.min} to ${CRM_DATE_YEARS.max}`, params: FORMAT_ISSUE },
] as const;

export const entityId = (what: string) => z.string({ error: 'is required' }).uuid({ error: `must be a ${what} id` });

export const money = z.coerce
  .number({ error: 'must be an amount in dollars' })
  .min(0, 'must not be negative')
  .max(CRM_LIMITS.money, 'is too large')
  .transform((v) => Math.round(v * 100) / 100);

export const percent = z.coerce
  .number({ error: 'must be a whole number from 0 to 100' })
  .int('must be a whole number from 0 to 100')
  .min(0, 'must be a whole number from 0 to 100')
  .max(100, 'must be a whole number from 0 to 100');

export const tagList = z
  .array(z.string({ error: 'must be text' }).trim().min(1, 'must not be empty').max(CRM_LIMITS.tag, `must be at most ${CRM_LIMITS.tag} characters`), {
    error: 'must be a list of tags',
  })
  .max(CRM_LIMITS.tags, `must hold at most ${CRM_LIMITS.tags} tags`)
  .transform((tags) => [...new Set(tags)]);

/** 1-based page and a page size up to CRM_LIMITS.pageSize; query strings are coerced (REST). */
export const pageNumber = z.coerce.number({ error: 'must be a whole number from 1' }).int('must be a whole number from 1').min(1, 'must be a whole number from 1').default(1);
export const pageLimit = (fallback: number) =>
  z.coerce
    .number({ error: `must be a whole number from 1 to ${CRM_LIMITS.pageSize}` })
    .int(`must be a whole number from 1 to ${CRM_LIMITS.pageSize}`)
    .min(1, `must be a whole number from 1 to ${CRM_LIMITS.pageSize}`)
    .max(CRM_LIMITS.pageSize, `must be a whole number from 1 to ${CRM_LIMITS.pageSize}`)
    .default(fallback);

/** Search text: trimmed, at most 200 characters. */
export const searchText = z.string({ error: 'must be text' }).trim().max(200, 'must be at most 200 characters').default('');

/** Assignable people for the CRM's "assigned to" pickers (active, approved accounts). */
export interface AssigneeView {
  id: string;
  name: string;
  email: string;
}
