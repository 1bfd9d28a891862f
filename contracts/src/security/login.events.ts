import { z } from 'zod';

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

export const loginEventSchemas = {
  LoginSucceeded: { version: 1, schema: loginSucceededV1 },
  LoginFailed: { version: 1, schema: loginFailedV1 },
  SessionEnded: { version: 1, schema: sessionEndedV1 },
} as const;

type Schemas = typeof loginEventSchemas;
export type LoginEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]['schema']> } }[keyof Schemas];

export const loginStreamId = (loginId: string) => `login-${loginId}`;
