import { z } from 'zod';
import { SECURITY_ALERT_SEVERITIES, SECURITY_ALERT_STATUSES, type SecurityAlertSeverity, type SecurityAlertStatus, type SecurityAlertType } from './alert.events.ts';

/** Alerts list (tRPC `securityAlerts.list`, REST `GET /api/admin/security/alerts`): query strings are coerced. */
export const securityAlertsListInput = z.object({
  status: z.enum(['all', ...SECURITY_ALERT_STATUSES], { error: `must be one of all, ${SECURITY_ALERT_STATUSES.join(', ')}` }).default('all'),
  severity: z.enum(['all', ...SECURITY_ALERT_SEVERITIES], { error: `must be one of all, ${SECURITY_ALERT_SEVERITIES.join(', ')}` }).default('all'),
  limit: z.coerce
    .number({ error: 'must be a whole number from 1 to 500' })
    .int('must be a whole number from 1 to 500')
    .min(1, 'must be a whole number from 1 to 500')
    .max(500, 'must be a whole number from 1 to 500')
    .default(200),
});
export type SecurityAlertsListInput = z.output<typeof securityAlertsListInput>;
export type SecurityAlertsListPayload = z.input<typeof securityAlertsListInput>;

const noteField = z
  .string({ error: 'must be text' })
  .trim()
  .max(1000, 'must be at most 1000 characters')
  // Line breaks are fine in a note; other control characters are not.
  .refine((v) => !/[^\P{Cc}\n\r\t]/u.test(v), 'must not contain control characters')
  .optional();

export const securityAlertIdInput = z.object({ id: z.string({ error: 'is required' }).uuid('must be an alert id') });
/** Investigate or resolve, with an optional note. */
export const securityAlertActionInput = securityAlertIdInput.extend({ note: noteField });
export type SecurityAlertActionInput = z.output<typeof securityAlertActionInput>;
/** REST body of `POST /api/admin/security/alerts/{id}/resolve`. */
export const securityAlertResolveBody = z.object({ note: noteField }).default({});

/** One alert as the list, `get` and REST answer it (spec 02 SecurityAlert). */
export interface SecurityAlertView {
  id: string;
  type: SecurityAlertType;
  severity: SecurityAlertSeverity;
  status: SecurityAlertStatus;
  title: string;
  description: string;
  ipAddress: string | null;
  userId: string | null;
  userName: string | null;
  email: string | null;
  timestamp: string;
  /** Ids of the events that made the detector fire: the audit log's entries of those events. */
  relatedEvents: string[];
  /** The audit entity ids of those events: `/admin/audit-log?search=<id>` finds their entries. */
  relatedEntities: string[];
  details: Record<string, string | number | null>;
  investigatedBy: string | null;
  investigatedAt: string | null;
  resolvedBy: string | null;
  resolvedAt: string | null;
  note: string | null;
}

export interface SecurityAlertCounts {
  open: number;
  investigating: number;
  resolved: number;
  critical: number;
  high: number;
}

/** Access control (Security Center, Access Control tab). */
export const ACCESS_STATUSES = ['active', 'suspended', 'locked', 'pending', 'inactive'] as const;
export type AccessStatus = (typeof ACCESS_STATUSES)[number];

export const ACCESS_ACTIONS = ['endSessions', 'suspend', 'reinstate', 'lock', 'unlock'] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

export const accessActionInput = z.object({
  userId: z.string({ error: 'is required' }).uuid('must be a user id'),
  action: z.enum(ACCESS_ACTIONS, { error: `must be one of ${ACCESS_ACTIONS.join(', ')}` }),
  reason: noteField,
});
export type AccessActionInput = z.output<typeof accessActionInput>;

export interface AccessUserView {
  userId: string;
  userName: string;
  userEmail: string;
  role: 'admin' | 'manager' | 'user';
  lastLogin: string | null;
  /** null when not known (no MFA status available). */
  mfaEnabled: boolean | null;
  sessionCount: number;
  riskScore: number;
  status: AccessStatus;
  /** Open or investigating alerts about the account, and failed logins in the risk window. */
  openAlerts: number;
  recentFailures: number;
}

/** A risk score's bar colour (spec 02 §9: score 30 or less green, up to 60 yellow, above red). */
export type RiskBand = 'green' | 'yellow' | 'red';
export const riskBand = (score: number): RiskBand => (score <= 30 ? 'green' : score <= 60 ? 'yellow' : 'red');
/** A risk score's bar width in percent (capped at 100). */
export const riskBarWidth = (score: number): number => Math.max(0, Math.min(100, score));
