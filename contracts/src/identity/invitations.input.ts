import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES } from '../platform/locale.ts';
import { AUTH_LIMITS, newPasswordInput } from './auth.input.ts';
import { USER_TYPES, type UserType } from './user.events.ts';

/** An invitation link works for 7 days, once. */
export const INVITATION_TTL_DAYS = 7;
export const INVALID_INVITATION = 'This invitation link is invalid, already used or expired';

const localeSchema = z
  .enum(LOCALES, { error: `must be one of ${LOCALES.join(', ')}` })
  .optional()
  .nullable()
  .transform((l) => l ?? DEFAULT_LOCALE);

/**
 * `POST /api/admin/users/invitations`, tRPC `users.invite`: who to invite and as what. `locale` is the
 * language of the invitation mail (the inviter's page language; the invitee's own is not known yet).
 */
export const inviteUserInput = z.object({
  email: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(AUTH_LIMITS.email, `must be at most ${AUTH_LIMITS.email} characters`)
    .pipe(z.email({ error: 'must be a valid e-mail address' })),
  role: z.enum(USER_TYPES, { error: `must be one of ${USER_TYPES.join(', ')}` }),
  locale: localeSchema,
});
export type InviteUserInput = z.output<typeof inviteUserInput>;

/** `DELETE /api/admin/users/invitations/:id`, tRPC `users.revokeInvitation`. */
export const revokeInvitationInput = z.object({ id: z.string({ error: 'is required' }).uuid({ error: 'must be an invitation id' }) });

/** An invitation token as it travels in the link (base64url); anything else is simply not a known token. */
const invitationToken = z.string({ error: 'is required' }).trim().min(1, 'is required').max(512, 'must be at most 512 characters');

/** `GET /api/auth/invitation?token=`, tRPC `auth.validateInvitation`. */
export const invitationTokenInput = z.object({ token: invitationToken });

/** `POST /api/auth/invitation/accept`, tRPC `auth.acceptInvitation`: the invitee's name and password. */
export const acceptInvitationInput = z.object({
  token: invitationToken,
  name: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(AUTH_LIMITS.name, `must be at most ${AUTH_LIMITS.name} characters`)
    .refine((v) => !/\p{Cc}/u.test(v), 'must not contain control characters'),
  password: newPasswordInput,
  locale: localeSchema,
});
export type AcceptInvitationInput = z.output<typeof acceptInvitationInput>;

/** A pending invitation as the Users area lists it (the token and its hash never leave the server). */
export interface InvitationView {
  id: string;
  email: string;
  userType: UserType;
  invitedBy: string;
  invitedByName: string | null;
  createdAt: string;
  expiresAt: string;
}
