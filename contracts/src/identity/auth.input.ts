import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES } from '../platform/locale.ts';

/**
 * Password length rules, the same for registration, reset and profile (NIST SP 800-63B / ASVS 5.0:
 * at least 8 characters, long passphrases allowed). The spec's 6-character register minimum is raised to 8.
 */
export const AUTH_LIMITS = { name: 100, email: 254, passwordMin: 8, passwordMax: 256 } as const;
const { name: NAME_MAX_LENGTH, email: EMAIL_MAX_LENGTH, passwordMin: PASSWORD_MIN_LENGTH, passwordMax: PASSWORD_MAX_LENGTH } = AUTH_LIMITS;

/** A new password (registration, reset). */
export const newPasswordInput = z
  .string({ error: 'is required' })
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`);

const emailSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(EMAIL_MAX_LENGTH, `must be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email({ error: 'must be a valid e-mail address' }));

/** The reader's language for the mails the call sends; English when absent. */
const localeSchema = z
  .enum(LOCALES, { error: `must be one of ${LOCALES.join(', ')}` })
  .optional()
  .nullable()
  .transform((l) => l ?? DEFAULT_LOCALE);

/**
 * Self-registration (`POST /api/auth/register`, tRPC `auth.register`). `userType` is accepted because the
 * spec's client sends it, and ignored: a self-registered account is always of type `user`.
 */
export const registerInput = z.object({
  name: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(NAME_MAX_LENGTH, `must be at most ${NAME_MAX_LENGTH} characters`)
    .refine((v) => !/\p{Cc}/u.test(v), 'must not contain control characters'),
  email: emailSchema,
  password: newPasswordInput,
  userType: z.unknown().optional(),
  locale: localeSchema,
});
export type RegisterInput = z.output<typeof registerInput>;
export type RegisterPayload = z.input<typeof registerInput>;

/** `POST /api/admin/password-reset?action=request`, tRPC `auth.requestPasswordReset`. */
export const passwordResetRequestInput = z.object({ email: emailSchema, locale: localeSchema });

/** A reset token as it travels in the link (base64url); anything else is simply not a known token. */
const resetToken = z.string({ error: 'is required' }).trim().min(1, 'is required').max(512, 'must be at most 512 characters');

/** `GET /api/admin/password-reset?action=validate&token=`, tRPC `auth.validateResetToken`. */
export const passwordResetValidateInput = z.object({ token: resetToken });

/** `POST /api/admin/password-reset?action=reset`, tRPC `auth.resetPassword`. */
export const passwordResetInput = z.object({ token: resetToken, newPassword: newPasswordInput });

export const PASSWORD_RESET_ACTIONS = ['request', 'validate', 'reset'] as const;
export const INVALID_RESET_TOKEN = 'Invalid or expired reset token';
