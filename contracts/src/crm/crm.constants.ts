/** Spec 02 §3–§4 and §9: the CRM's enumerations and limits, shared by server, projections and web. */

export const CUSTOMER_STATUSES = ['lead', 'prospect', 'customer', 'inactive'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

export const LEAD_SOURCES = ['website', 'referral', 'social_media', 'advertising', 'cold_call'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export const INDUSTRIES = ['Technology', 'Healthcare', 'Finance', 'Retail', 'Manufacturing'] as const;
export type Industry = (typeof INDUSTRIES)[number];

export const COMMUNICATION_TYPES = ['email', 'call', 'meeting', 'sms', 'whatsapp', 'note'] as const;
export type CommunicationType = (typeof COMMUNICATION_TYPES)[number];
export const COMMUNICATION_DIRECTIONS = ['inbound', 'outbound'] as const;
export type CommunicationDirection = (typeof COMMUNICATION_DIRECTIONS)[number];
export const COMMUNICATION_STATUSES = ['read', 'delivered', 'sent'] as const;
export type CommunicationStatus = (typeof COMMUNICATION_STATUSES)[number];

export const DEAL_STAGES = ['prospecting', 'qualification', 'proposal', 'negotiation', 'closed_won', 'closed_lost'] as const;
export type DealStage = (typeof DEAL_STAGES)[number];
export const OPEN_DEAL_STAGES = ['prospecting', 'qualification', 'proposal', 'negotiation'] as const satisfies readonly DealStage[];

export const TASK_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** What the Tasks list does to a selection at once. */
export const TASK_BULK_ACTIONS = ['complete', 'delete'] as const;
export type TaskBulkAction = (typeof TASK_BULK_ACTIONS)[number];
export const TASK_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const TASK_TYPES = ['call', 'email', 'meeting', 'follow_up', 'demo', 'other'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/** Lead score and deal probability colours (spec 02 §9). */
export function leadScoreColor(score: number): 'green' | 'yellow' | 'red' {
  return score >= 80 ? 'green' : score >= 60 ? 'yellow' : 'red';
}
export function probabilityColor(probability: number): 'green' | 'yellow' | 'orange' | 'red' {
  return probability >= 80 ? 'green' : probability >= 60 ? 'yellow' : probability >= 40 ? 'orange' : 'red';
}

export const CRM_LIMITS = {
  name: 200,
  email: 254,
  phone: 40,
  company: 200,
  website: 300,
  address: 300,
  city: 120,
  country: 120,
  notes: 5000,
  tag: 40,
  tags: 20,
  subject: 300,
  content: 20000,
  title: 200,
  description: 5000,
  /** Money in dollars, two decimals. */
  money: 1_000_000_000_000,
  /** Largest page a list returns. */
  pageSize: 100,
  /** An attached file's largest size in bytes (10 MiB). */
  fileBytes: 10 * 1024 * 1024,
  fileName: 255,
  /** Rows one CSV import may hold. */
  importRows: 50_000,
} as const;

/**
 * Content types a customer file may have. The server sniffs the bytes (magic numbers) and refuses a file
 * whose content does not match its declared type.
 */
export const CUSTOMER_FILE_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'text/plain',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
] as const;
export type CustomerFileType = (typeof CUSTOMER_FILE_TYPES)[number];

/**
 * The years a date in a CRM input may name (as written, before its offset): wide enough for any real record, and
 * always storable by PostgreSQL, which refuses year 0 and five-digit years (a date it refuses would stop the read
 * model that stores it).
 */
export const CRM_DATE_YEARS = { min: 1900, max: 2999 } as const;
export const inCrmDateYears = (isoDateOrTime: string) => {
  const year = Number(isoDateOrTime.slice(0, 4));
  return year >= CRM_DATE_YEARS.min && year <= CRM_DATE_YEARS.max;
};
/** A calendar day `YYYY-MM-DD` that exists (no 30 February). */
export const isCalendarDay = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const day = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(v);
};
/** For event schemas: an instant PostgreSQL can store (years 1 to 9999). */
export const isStorableInstant = (iso: string) => Number(iso.slice(0, 4)) >= 1;
