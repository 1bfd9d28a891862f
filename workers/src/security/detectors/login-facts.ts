/** The login events the detectors read, parsed with their contracts (an event that does not parse is ignored). */
import { loginFailedV1, loginSucceededV1, type LoginFailureReason } from '@crm/contracts';
import type { DetectorEvent } from './detector.ts';

export interface FailedLogin {
  eventId: string;
  loginId: string;
  emailKey: string;
  email: string;
  userId: string | null;
  userName: string | null;
  ip: string | null;
  reason: LoginFailureReason;
}

export interface SucceededLogin {
  eventId: string;
  loginId: string;
  userId: string;
  userName: string;
  email: string;
  ip: string | null;
}

/** The account key of a login (the e-mail as typed, trimmed and lower-cased: unknown e-mails count too). */
export const emailKeyOf = (email: string): string => email.trim().toLowerCase();

export function failedLogin(event: DetectorEvent): FailedLogin | null {
  if (event.type !== 'LoginFailed') return null;
  const parsed = loginFailedV1.safeParse(event.data);
  if (!parsed.success) return null;
  const d = parsed.data;
  return { eventId: event.id, loginId: d.loginId, emailKey: emailKeyOf(d.email), email: d.email, userId: d.userId, userName: d.userName, ip: d.ip, reason: d.reason };
}

export function succeededLogin(event: DetectorEvent): SucceededLogin | null {
  if (event.type !== 'LoginSucceeded') return null;
  const parsed = loginSucceededV1.safeParse(event.data);
  if (!parsed.success) return null;
  const d = parsed.data;
  return { eventId: event.id, loginId: d.loginId, userId: d.userId, userName: d.userName, email: d.email, ip: d.ip };
}
