import { z } from 'zod';
import { auditedEvent } from '../platform/audit.ts';

/**
 * Every login attempt is an event in its own stream `login-<loginId>`. A successful login's session is
 * known by the same id (its public handle: the session token itself never leaves the cookie), and the
 * session's end is appended to that stream, which fills the login's duration.
 */
export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'other'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const LOGIN_FAILURE_REASONS = [
  'unknown_account',
  'wrong_password',
  'awaiting_approval',
  'account_deactivated',
  'throttled',
  'ip_blocked',
  'account_suspended',
  'account_locked',
] as const;
export type LoginFailureReason = (typeof LOGIN_FAILURE_REASONS)[number];

export const SESSION_END_REASONS = [
  'logout',
  'signed_out',
  'signed_out_everywhere',
  'password_changed',
  'password_reset',
  'account_deactivated',
  'idle_timeout',
  'absolute_timeout',
  'ended_by_admin',
  'account_suspended',
  'account_locked',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** Where and with what the attempt was made (device and browser parsed from the user agent). */
const client = {
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  device: z.enum(DEVICE_TYPES),
  browser: z.string(),
  os: z.string(),
};

/** The detector's verdict, recorded with the attempt so that a replay gives the same rows. */
const verdict = { suspicious: z.boolean(), suspiciousReasons: z.array(z.string()) };

export const loginSucceededV1 = z.object({
  loginId: z.string().uuid(),
  userId: z.string().uuid(),
  userName: z.string(),
  email: z.string(),
  at: z.iso.datetime(),
  ...client,
  ...verdict,
});

export const loginFailedV1 = z.object({
  loginId: z.string().uuid(),
  /** The account the e-mail belongs to, when there is one. */
  userId: z.string().uuid().nullable(),
  userName: z.string().nullable(),
  /** The e-mail as typed (trimmed, at most 254 characters). */
  email: z.string(),
  reason: z.enum(LOGIN_FAILURE_REASONS),
  at: z.iso.datetime(),
  ...client,
  ...verdict,
});

export const sessionEndedV1 = z.object({
  loginId: z.string().uuid(),
  userId: z.string().uuid(),
  reason: z.enum(SESSION_END_REASONS),
  endedAt: z.iso.datetime(),
});

/** How risky a failed login is, by its reason (a suspicious one is always high). */
export const loginFailureRisk = (d: { reason: LoginFailureReason; suspicious: boolean }): 'low' | 'medium' | 'high' =>
  d.suspicious || d.reason === 'throttled' || d.reason === 'account_deactivated'
    ? 'high'
    : d.reason === 'ip_blocked' || d.reason === 'awaiting_approval'
      ? 'medium'
      : 'low';

/** Session ends the account itself asked for (the others are the system's: timeouts, a deactivation, a reset). */
const SELF_ENDED: readonly SessionEndReason[] = ['logout', 'signed_out', 'signed_out_everywhere', 'password_changed'];

export const loginEventSchemas = {
  LoginSucceeded: auditedEvent(1, loginSucceededV1, {
    entity: 'session',
    entityId: (d) => d.loginId,
    action: 'LOGIN',
    outcome: (d) => (d.suspicious ? 'warning' : 'success'),
    risk: (d) => (d.suspicious ? 'medium' : 'low'),
    actor: (d) => d.userId,
  }),
  LoginFailed: auditedEvent(1, loginFailedV1, {
    entity: 'session',
    entityId: (d) => d.loginId,
    action: 'LOGIN_FAILED',
    outcome: 'failure',
    risk: loginFailureRisk,
    actor: (d) => d.userId,
  }),
  SessionEnded: auditedEvent(1, sessionEndedV1, {
    entity: 'session',
    entityId: (d) => d.loginId,
    action: 'LOGOUT',
    risk: 'low',
    actor: (d) => (SELF_ENDED.includes(d.reason) ? d.userId : null),
  }),
} as const;

type Schemas = typeof loginEventSchemas;
export type LoginEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]['schema']> } }[keyof Schemas];

export const loginStreamId = (loginId: string) => `login-${loginId}`;
