import { z } from 'zod';
import { PROFILE_LIMITS } from './profile.constants.ts';

export { PROFILE_LIMITS };

/** What a password field may hold when it is checked against the stored hash (not a new password). */
const existingPassword = z.string({ error: 'is required' }).min(1, 'is required').max(1024, 'must be at most 1024 characters');

/**
 * `profile.update`: name and e-mail. `currentPassword` is needed only when the e-mail changes (the server
 * knows whether it does, so it asks for the field then: 400 naming `currentPassword`).
 */
export const updateProfileInput = z.object({
  name: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(PROFILE_LIMITS.name, `must be at most ${PROFILE_LIMITS.name} characters`),
  email: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(PROFILE_LIMITS.email, `must be at most ${PROFILE_LIMITS.email} characters`)
    .pipe(z.email({ error: 'must be a valid e-mail address' })),
  currentPassword: z
    .string({ error: 'must be text' })
    .max(1024, 'must be at most 1024 characters')
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type UpdateProfileInput = z.output<typeof updateProfileInput>;

/** `profile.changePassword`: the current password, a new one of 8 to 256 characters, typed twice. */
export const changePasswordInput = z
  .object({
    currentPassword: existingPassword,
    newPassword: z
      .string({ error: 'is required' })
      .min(PROFILE_LIMITS.passwordMin, `must be at least ${PROFILE_LIMITS.passwordMin} characters`)
      .max(PROFILE_LIMITS.passwordMax, `must be at most ${PROFILE_LIMITS.passwordMax} characters`),
    confirmPassword: z.string({ error: 'is required' }).max(1024, 'must be at most 1024 characters'),
  })
  .superRefine((v, ctx) => {
    if (typeof v.newPassword === 'string' && v.confirmPassword !== v.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'must match the new password' });
    }
  });
export type ChangePasswordInput = z.output<typeof changePasswordInput>;

/** `profile.signOutSession`: one of the caller's sessions, by its public handle (never the token). */
export const signOutSessionInput = z.object({ loginId: z.uuid({ error: 'must be a session id' }) });
export type SignOutSessionInput = z.output<typeof signOutSessionInput>;
