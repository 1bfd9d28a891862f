import { z } from 'zod';
import { LOCALES } from '../platform/locale.ts';

export const USER_TYPES = ['admin', 'manager', 'user'] as const;
export type UserType = (typeof USER_TYPES)[number];

const userId = z.string().uuid();
/** Who did it: the acting account, or null for the system (bootstrap, expiry). */
const actor = z.string().uuid().nullable();

/** An account made by the system or an admin (the first admin at start-up). */
export const userCreatedV1 = z.object({
  userId,
  name: z.string(),
  email: z.string(),
  userType: z.enum(USER_TYPES),
  isApproved: z.boolean(),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
});

/** The account's language for the mails it is sent (the page's language when it registered or accepted). */
const accountLocale = z.enum(LOCALES).optional();

/** Self-registration (`/register`): always type `user`, active, not yet approved. */
export const userRegisteredV1 = z.object({ userId, name: z.string(), email: z.string(), registeredAt: z.iso.datetime(), locale: accountLocale });

/** Approval, revocation, activation and deactivation all have the same shape. */
const accountChangeV1 = z.object({ userId, by: actor, at: z.iso.datetime() });

export const userTypeChangedV1 = z.object({ userId, from: z.enum(USER_TYPES), to: z.enum(USER_TYPES), by: actor, at: z.iso.datetime() });

/** Name and/or e-mail changed by the account itself (an e-mail change was confirmed with the password). */
export const userProfileUpdatedV1 = z.object({ userId, name: z.string(), email: z.string(), previousEmail: z.string(), at: z.iso.datetime() });

/** The password hash itself never enters an event: it lives only in `auth_user`. */
export const userPasswordChangedV1 = z.object({ userId, via: z.enum(['change', 'reset']), at: z.iso.datetime() });

/** A reset link was mailed. The token is not here: only its SHA-256, in `password_reset_token`. */
export const passwordResetRequestedV1 = z.object({ userId, expiresAt: z.iso.datetime(), at: z.iso.datetime() });

/**
 * An admin (any type) or a manager (type `user` only) invited `email`. The stream is the future account's
 * (`user-<userId>`): it exists only once the invitation is accepted. The link's token is never here: only its
 * SHA-256 (`tokenHash`); the raw token travels in the invitation mail alone.
 */
export const userInvitedV1 = z.object({
  userId,
  email: z.string(),
  userType: z.enum(USER_TYPES),
  invitedBy: z.string().uuid(),
  tokenHash: z.string(),
  expiresAt: z.iso.datetime(),
  at: z.iso.datetime(),
});

/** The invitee set a name and password with the link; a `UserCreated` (approved, the invited type) follows. */
export const invitationAcceptedV1 = z.object({ userId, name: z.string(), at: z.iso.datetime(), locale: accountLocale });

/** A pending invitation was withdrawn: its link stops working. */
export const invitationRevokedV1 = z.object({ userId, by: actor, at: z.iso.datetime() });

export const userEventSchemas = {
  UserCreated: { version: 1, schema: userCreatedV1 },
  UserRegistered: { version: 1, schema: userRegisteredV1 },
  UserApproved: { version: 1, schema: accountChangeV1 },
  UserApprovalRevoked: { version: 1, schema: accountChangeV1 },
  UserActivated: { version: 1, schema: accountChangeV1 },
  UserDeactivated: { version: 1, schema: accountChangeV1 },
  UserTypeChanged: { version: 1, schema: userTypeChangedV1 },
  UserProfileUpdated: { version: 1, schema: userProfileUpdatedV1 },
  UserPasswordChanged: { version: 1, schema: userPasswordChangedV1 },
  PasswordResetRequested: { version: 1, schema: passwordResetRequestedV1 },
  UserInvited: { version: 1, schema: userInvitedV1 },
  InvitationAccepted: { version: 1, schema: invitationAcceptedV1 },
  InvitationRevoked: { version: 1, schema: invitationRevokedV1 },
} as const;

type Schemas = typeof userEventSchemas;
/** The union of user events, each `{ type, data }` typed from its schema. */
export type UserEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]['schema']> } }[keyof Schemas];
export type UserEventType = UserEvent['type'];

export const userStreamId = (id: string) => `user-${id}`;

export const loginInput = z.object({
  email: z.string({ error: 'is required' }).trim().min(1, 'is required').max(254),
  password: z.string({ error: 'is required' }).min(1, 'is required').max(1024),
});
