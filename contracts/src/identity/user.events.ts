import { z } from 'zod';
import { LOCALES } from '../platform/locale.ts';
import { auditedEvent, auditState } from '../platform/audit.ts';

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

/** Suspension and lock by an admin (Access Control), with an optional reason. */
export const accessChangeV1 = z.object({ userId, by: actor, at: z.iso.datetime(), reason: z.string().max(1000).nullable() });

export const userEventSchemas = {
  UserCreated: auditedEvent(1, userCreatedV1, {
    entity: 'user',
    entityId: (d) => d.userId,
    action: 'CREATE',
    risk: (d) => (d.userType === 'admin' ? 'high' : 'medium'),
    state: (d) => auditState.omit(d, 'userId', 'createdAt'),
  }),
  UserRegistered: auditedEvent(1, userRegisteredV1, {
    entity: 'user',
    entityId: (d) => d.userId,
    action: 'CREATE',
    risk: 'low',
    actor: (d) => d.userId,
    state: (d) => ({ ...auditState.pick(d, 'name', 'email', 'locale'), userType: 'user', isApproved: false, isActive: true }),
  }),
  UserApproved: auditedEvent(1, accountChangeV1, { entity: 'user', entityId: (d) => d.userId, action: 'APPROVE', risk: 'medium', state: () => ({ isApproved: true }) }),
  UserApprovalRevoked: auditedEvent(1, accountChangeV1, {
    entity: 'user',
    entityId: (d) => d.userId,
    action: 'PERMISSION_CHANGE',
    risk: 'medium',
    state: () => ({ isApproved: false }),
  }),
  UserActivated: auditedEvent(1, accountChangeV1, { entity: 'user', entityId: (d) => d.userId, action: 'ACTIVATE', risk: 'medium', state: () => ({ isActive: true }) }),
  UserDeactivated: auditedEvent(1, accountChangeV1, { entity: 'user', entityId: (d) => d.userId, action: 'DEACTIVATE', risk: 'medium', state: () => ({ isActive: false }) }),
  /** A type raised to admin is a high-risk permission change. */
  UserTypeChanged: auditedEvent(1, userTypeChangedV1, {
    entity: 'user',
    entityId: (d) => d.userId,
    action: 'PERMISSION_CHANGE',
    risk: (d) => (d.to === 'admin' ? 'high' : 'medium'),
    state: (d) => ({ userType: d.to }),
  }),
  UserProfileUpdated: auditedEvent(1, userProfileUpdatedV1, {
    entity: 'user',
    entityId: (d) => d.userId,
    action: 'UPDATE',
    risk: (d) => (d.email === d.previousEmail ? 'low' : 'medium'),
    actor: (d) => d.userId,
    state: (d) => auditState.pick(d, 'name', 'email'),
  }),
  UserPasswordChanged: auditedEvent(1, userPasswordChangedV1, { entity: 'user', entityId: (d) => d.userId, action: 'PASSWORD_CHANGE', risk: 'medium', actor: (d) => d.userId }),
  PasswordResetRequested: auditedEvent(1, passwordResetRequestedV1, { entity: 'user', entityId: (d) => d.userId, action: 'PASSWORD_RESET', risk: 'low' }),
  UserInvited: auditedEvent(1, userInvitedV1, {
    entity: 'invitation',
    entityId: (d) => d.userId,
    action: 'INVITE',
    risk: (d) => (d.userType === 'admin' ? 'high' : 'low'),
    actor: (d) => d.invitedBy,
    redact: ['tokenHash'],
    state: (d) => ({ ...auditState.pick(d, 'email', 'userType', 'expiresAt'), status: 'pending' }),
  }),
  InvitationAccepted: auditedEvent(1, invitationAcceptedV1, {
    entity: 'invitation',
    entityId: (d) => d.userId,
    action: 'UPDATE',
    risk: 'low',
    actor: (d) => d.userId,
    state: (d) => ({ status: 'accepted', name: d.name }),
  }),
  InvitationRevoked: auditedEvent(1, invitationRevokedV1, { entity: 'invitation', entityId: (d) => d.userId, action: 'DELETE', risk: 'medium', state: () => ({ status: 'revoked' }) }),
  /** Access control (Security Center): a suspended or locked account cannot log in until reinstated or unlocked. */
  UserSuspended: auditedEvent(1, accessChangeV1, { entity: 'user', entityId: (d) => d.userId, action: 'SUSPEND', risk: 'high', state: () => ({ status: 'suspended' }) }),
  UserReinstated: auditedEvent(1, accessChangeV1, { entity: 'user', entityId: (d) => d.userId, action: 'ACTIVATE', risk: 'medium', state: () => ({ status: 'active' }) }),
  UserLocked: auditedEvent(1, accessChangeV1, { entity: 'user', entityId: (d) => d.userId, action: 'LOCK', risk: 'high', state: () => ({ locked: true }) }),
  UserUnlocked: auditedEvent(1, accessChangeV1, { entity: 'user', entityId: (d) => d.userId, action: 'UNLOCK', risk: 'medium', state: () => ({ locked: false }) }),
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
