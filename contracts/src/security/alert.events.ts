import { z } from 'zod';
import { auditedEvent } from '../platform/audit.ts';

/**
 * Security alerts (spec 02, "Security and Audit Center", SecurityAlert). Detectors running as reactors on the
 * event stream raise them (workers/src/security/); an admin moves them open → investigating → resolved. Each
 * alert is its own stream `security-alert-<alertId>`; the id derives from the detector and the event that
 * crossed its threshold, so a replay raises the same alert again and the append finds the stream taken.
 */
export const SECURITY_ALERT_TYPES = [
  'brute_force',
  'password_spraying',
  'new_country',
  'privilege_escalation',
  'mass_export',
  'deactivated_account_login',
] as const;
export type SecurityAlertType = (typeof SECURITY_ALERT_TYPES)[number];

export const SECURITY_ALERT_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type SecurityAlertSeverity = (typeof SECURITY_ALERT_SEVERITIES)[number];

export const SECURITY_ALERT_STATUSES = ['open', 'investigating', 'resolved'] as const;
export type SecurityAlertStatus = (typeof SECURITY_ALERT_STATUSES)[number];

const alertId = z.string().uuid();
const note = z.string().max(1000).nullable();

export const securityAlertRaisedV1 = z.object({
  alertId,
  type: z.enum(SECURITY_ALERT_TYPES),
  severity: z.enum(SECURITY_ALERT_SEVERITIES),
  /** English title and description (REST clients read them; the web app words them from `type` and `details`). */
  title: z.string(),
  description: z.string(),
  ipAddress: z.string().nullable(),
  userId: z.string().uuid().nullable(),
  userName: z.string().nullable(),
  /** The e-mail as typed at login when the alert is about an account (brute force, deactivated account). */
  email: z.string().nullable(),
  /** The events that made the detector fire (their audit entries carry the same ids). */
  relatedEventIds: z.array(z.string()),
  /** The audit log's entity ids of those events (a login's id, an export's id, an account's id): the audit log's search finds their entries. */
  relatedEntityIds: z.array(z.string()).default([]),
  /** The figures behind the alert (failures, accounts, country, exports, rows, from, to). */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  /** When the event that crossed the threshold happened. */
  detectedAt: z.iso.datetime(),
});

export const securityAlertInvestigationStartedV1 = z.object({ alertId, by: z.string().uuid(), at: z.iso.datetime(), note });
export const securityAlertResolvedV1 = z.object({ alertId, by: z.string().uuid(), at: z.iso.datetime(), note });

const alertEntity = { entity: 'security_alert', entityId: (d: { alertId: string }) => d.alertId } as const;

export const securityAlertEventSchemas = {
  SecurityAlertRaised: auditedEvent(1, securityAlertRaisedV1, {
    ...alertEntity,
    action: 'CREATE',
    outcome: 'warning',
    risk: (d) => d.severity,
    actor: () => null,
  }),
  SecurityAlertInvestigationStarted: auditedEvent(1, securityAlertInvestigationStartedV1, {
    ...alertEntity,
    action: 'UPDATE',
    risk: 'low',
    state: (d) => ({ status: 'investigating', note: d.note }),
  }),
  SecurityAlertResolved: auditedEvent(1, securityAlertResolvedV1, {
    ...alertEntity,
    action: 'RESOLVE',
    risk: 'low',
    state: (d) => ({ status: 'resolved', note: d.note }),
  }),
} as const;

type Schemas = typeof securityAlertEventSchemas;
export type SecurityAlertEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]['schema']> } }[keyof Schemas];

export const securityAlertStreamId = (alertId: string) => `security-alert-${alertId}`;
