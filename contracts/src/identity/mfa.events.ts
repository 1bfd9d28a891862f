import { z } from 'zod';
import { auditedEvent } from '../platform/audit.ts';

/**
 * Multi-factor authentication (TOTP, RFC 6238) of one account: stream `mfa-<userId>`. The stream is the
 * authority on whether MFA is on, which time step was used last (a code is never accepted twice) and which
 * recovery codes of the current set were used. Secrets never appear here: the TOTP secret and the recovery
 * codes' hashes live in the credentials table `auth_mfa` (services/src/identity/mfa.sql.ts), like the
 * password hash in `auth_user`; events carry only facts (a time step number, a recovery code's position).
 */
const userId = z.string().uuid();
const at = z.iso.datetime();

/** Where an enrolment or a challenge happens: the Profile area, or the login (second step, or enrolment required by policy). */
export const MFA_PURPOSES = ['login', 'enrol', 'disable', 'regenerate'] as const;
export type MfaPurpose = (typeof MFA_PURPOSES)[number];
export const MFA_METHODS = ['totp', 'recovery_code'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];
export const MFA_FAILURE_REASONS = ['wrong_code', 'reused_code', 'throttled'] as const;
export type MfaFailureReason = (typeof MFA_FAILURE_REASONS)[number];
/** How many recovery codes a set has. */
export const MFA_RECOVERY_SET_SIZE = 10;

export const mfaEnrolmentStartedV1 = z.object({ userId, via: z.enum(['profile', 'login']), at });
export const mfaEnabledV1 = z.object({
  userId,
  /** The time step of the confirming code (the next code must be of a later step). */
  timeStep: z.number().int().nonnegative(),
  /** The recovery code set's number (1 for the first; each regeneration adds one). */
  generation: z.number().int().positive(),
  recoveryCount: z.number().int().positive(),
  /** The login during which it was enabled (enrolment required by policy), or null from the Profile area. */
  loginId: z.string().uuid().nullable(),
  at,
});
export const mfaDisabledV1 = z.object({ userId, by: userId, at });
export const mfaRecoveryCodesRegeneratedV1 = z.object({ userId, generation: z.number().int().positive(), recoveryCount: z.number().int().positive(), at });
/** A login's password was right and the account has (or must set up) MFA: the second step is waiting. */
export const mfaChallengeIssuedV1 = z.object({ userId, loginId: z.string().uuid(), purpose: z.enum(['login', 'enrol']), expiresAt: at, ip: z.string().nullable(), at });
export const mfaChallengePassedV1 = z.object({
  userId,
  loginId: z.string().uuid().nullable(),
  purpose: z.enum(MFA_PURPOSES),
  method: z.enum(MFA_METHODS),
  /** TOTP: the code's time step. */
  timeStep: z.number().int().nonnegative().nullable(),
  /** Recovery code: its position in the set (0–9) and the set's generation. */
  recoveryIndex: z.number().int().nonnegative().nullable(),
  generation: z.number().int().nonnegative().nullable(),
  /** Recovery codes of the set still unused after this one. */
  recoveryRemaining: z.number().int().nonnegative(),
  at,
});
export const mfaChallengeFailedV1 = z.object({
  userId,
  loginId: z.string().uuid().nullable(),
  purpose: z.enum(MFA_PURPOSES),
  reason: z.enum(MFA_FAILURE_REASONS),
  ip: z.string().nullable(),
  at,
});

const mfaEntity = { entity: 'mfa' as const, entityId: (d: { userId: string }) => d.userId, actor: (d: { userId: string }) => d.userId };

export const mfaEventSchemas = {
  MfaEnrolmentStarted: auditedEvent(1, mfaEnrolmentStartedV1, { ...mfaEntity, action: 'UPDATE', risk: 'low', state: () => ({ status: 'pending' }) }),
  MfaEnabled: auditedEvent(1, mfaEnabledV1, { ...mfaEntity, action: 'MFA_ENABLE', risk: 'medium', state: (d) => ({ status: 'enabled', generation: d.generation }) }),
  MfaDisabled: auditedEvent(1, mfaDisabledV1, { ...mfaEntity, actor: (d) => d.by, action: 'MFA_DISABLE', risk: 'high', state: () => ({ status: 'disabled' }) }),
  MfaRecoveryCodesRegenerated: auditedEvent(1, mfaRecoveryCodesRegeneratedV1, { ...mfaEntity, action: 'UPDATE', risk: 'medium', state: (d) => ({ generation: d.generation }) }),
  MfaChallengeIssued: auditedEvent(1, mfaChallengeIssuedV1, { ...mfaEntity, action: 'MFA_CHALLENGE', outcome: 'warning', risk: 'low' }),
  MfaChallengePassed: auditedEvent(1, mfaChallengePassedV1, {
    ...mfaEntity,
    action: 'MFA_CHALLENGE',
    // A recovery code is the fallback when the authenticator is lost: worth a look.
    risk: (d) => (d.method === 'recovery_code' ? 'medium' : 'low'),
  }),
  MfaChallengeFailed: auditedEvent(1, mfaChallengeFailedV1, { ...mfaEntity, action: 'MFA_CHALLENGE', outcome: 'failure', risk: (d) => (d.reason === 'wrong_code' ? 'medium' : 'high') }),
} as const;

type Schemas = typeof mfaEventSchemas;
export type MfaEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]['schema']> } }[keyof Schemas];

export const mfaStreamId = (userId: string) => `mfa-${userId}`;
