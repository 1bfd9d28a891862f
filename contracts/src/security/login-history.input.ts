import { z } from 'zod';

/** Login history viewer (spec 02, "Login History viewer"; §7 GET /api/admin/login-history). */
export const LOGIN_STATUSES = ['success', 'failed', 'suspicious'] as const;
export type LoginStatus = (typeof LOGIN_STATUSES)[number];

export const LOGIN_DATE_RANGES = ['today', '7days', '30days', '90days', 'all'] as const;
export type LoginDateRange = (typeof LOGIN_DATE_RANGES)[number];

/** The device select of the viewer (spec: all, desktop, mobile, tablet). */
export const LOGIN_DEVICE_FILTERS = ['all', 'desktop', 'mobile', 'tablet'] as const;

export const LOGIN_HISTORY_PAGE_SIZE_MAX = 100;

/** Codes the suspicious-login detector records with an attempt. */
export const SUSPICIOUS_REASONS = ['failures_before_success', 'new_device', 'new_ip', 'ip_failures_across_accounts'] as const;
export type SuspiciousReason = (typeof SUSPICIOUS_REASONS)[number];

const wholeFrom1 = 'must be a whole number from 1';

/** Query of the viewer; query strings are coerced (REST). Defaults per spec 02 §9: page 1, limit 50, 7days. */
export const loginHistoryInput = z.object({
  search: z.string().trim().max(200, 'must be at most 200 characters').default(''),
  dateRange: z.enum(LOGIN_DATE_RANGES, { error: `must be one of ${LOGIN_DATE_RANGES.join(', ')}` }).default('7days'),
  status: z.enum(['all', ...LOGIN_STATUSES], { error: `must be one of all, ${LOGIN_STATUSES.join(', ')}` }).default('all'),
  device: z.enum(LOGIN_DEVICE_FILTERS, { error: `must be one of ${LOGIN_DEVICE_FILTERS.join(', ')}` }).default('all'),
  page: z.coerce.number({ error: wholeFrom1 }).int(wholeFrom1).min(1, wholeFrom1).max(100_000, 'must be at most 100000').default(1),
  limit: z.coerce
    .number({ error: `must be a whole number from 1 to ${LOGIN_HISTORY_PAGE_SIZE_MAX}` })
    .int(`must be a whole number from 1 to ${LOGIN_HISTORY_PAGE_SIZE_MAX}`)
    .min(1, `must be a whole number from 1 to ${LOGIN_HISTORY_PAGE_SIZE_MAX}`)
    .max(LOGIN_HISTORY_PAGE_SIZE_MAX, `must be a whole number from 1 to ${LOGIN_HISTORY_PAGE_SIZE_MAX}`)
    .default(50),
});
export type LoginHistoryInput = z.output<typeof loginHistoryInput>;
export type LoginHistoryPayload = z.input<typeof loginHistoryInput>;

/** The export takes the viewer's filters, without paging. */
export const loginHistoryExportInput = loginHistoryInput.omit({ page: true, limit: true });
export type LoginHistoryExportInput = z.output<typeof loginHistoryExportInput>;

/** An IP address as typed by an admin: IPv4 or IPv6 (no ranges, no host names). */
export const ipAddressSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(45, 'must be an IPv4 or IPv6 address')
  // zod's own checks (no node:net here: the web app imports the contracts too); the decider checks again.
  .refine((v) => z.union([z.ipv4(), z.ipv6()]).safeParse(v).success, 'must be an IPv4 or IPv6 address');

export const blockIpInput = z.object({
  ip: ipAddressSchema,
  reason: z
    .string()
    .trim()
    .max(200, 'must be at most 200 characters')
    .refine((v) => !/\p{Cc}/u.test(v), 'must not contain control characters')
    .optional()
    .default(''),
  /** The login-history row the block was made from, if any. */
  loginId: z.string().uuid('must be a login id').nullable().optional().default(null),
});
export type BlockIpInput = z.output<typeof blockIpInput>;

export const unblockIpInput = z.object({ ip: ipAddressSchema });

/** A row of login history as the viewer and REST clients receive it (spec 02 §3 LoginRecord, snake_case). */
export interface LoginRecord {
  id: string;
  user_id: string | null;
  user_name: string | null;
  user_email: string;
  timestamp: string;
  ip_address: string | null;
  location: string;
  device: string;
  browser: string;
  os: string;
  status: LoginStatus;
  /** Why a failed attempt failed (unknown_account, wrong_password, ...); null for a success. */
  failure_reason: string | null;
  suspicious_reasons: string[];
  /** The login id: the session's public handle. */
  session_id: string;
  /** Whole seconds between login and the session's end; null while open or for a failed attempt. */
  session_duration: number | null;
}

export interface LoginHistorySummary {
  total: number;
  successful: number;
  failed: number;
  suspicious: number;
}

/** Attempts per calendar day (UTC) of the filtered set, for the chart. */
export interface LoginHistoryDay {
  day: string;
  success: number;
  failed: number;
  suspicious: number;
}

export interface BlockedIpView {
  ip: string;
  reason: string;
  loginId: string | null;
  blockedBy: string;
  blockedAt: string;
}
