import { z } from 'zod';

/**
 * A code typed by a person: a 6-digit TOTP code or a recovery code (`xxxx-xxxx-xxxx`); spaces and dashes are
 * ignored when it is checked. Anything longer than 64 characters is no code.
 */
export const mfaCodeSchema = z.string({ error: 'is required' }).trim().min(1, 'is required').max(64, 'must be at most 64 characters');

/** The login's second step handle (base64url of 32 random bytes); anything else is simply not a known challenge. */
const challengeSchema = z.string({ error: 'is required' }).trim().min(1, 'is required').max(256, 'must be at most 256 characters');

/** `POST /api/admin/login/mfa`, tRPC `auth.loginMfa`: the challenge the login answered and a TOTP or recovery code. */
export const mfaLoginInput = z.object({ challenge: challengeSchema, code: mfaCodeSchema });
export type MfaLoginInput = z.output<typeof mfaLoginInput>;

/** `mfa.confirmEnrolment`, `mfa.regenerateRecoveryCodes`: a current code. */
export const mfaCodeInput = z.object({ code: mfaCodeSchema });
export type MfaCodeInput = z.output<typeof mfaCodeInput>;

/** `mfa.disable`: the password and a code (TOTP or recovery). */
export const mfaDisableInput = z.object({
  password: z.string({ error: 'is required' }).min(1, 'is required').max(1024, 'must be at most 1024 characters'),
  code: mfaCodeSchema,
});
export type MfaDisableInput = z.output<typeof mfaDisableInput>;

/** What an enrolment shows once: the secret for manual entry, the otpauth:// URI and its QR code (SVG). */
export interface MfaEnrolmentMaterial {
  secret: string;
  otpauthUri: string;
  qrSvg: string;
}

/** An account's MFA state as its owner (and the Security Center) sees it. */
export interface MfaStatus {
  enabled: boolean;
  pending: boolean;
  enabledAt: string | null;
  recoveryRemaining: number;
}
