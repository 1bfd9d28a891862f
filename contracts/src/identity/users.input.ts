import { z } from 'zod';
import { USER_TYPES, type UserType } from './user.events.ts';

/** Users tab filters (spec 01 §2 "Users tab", §3 "Filter objects": search, userType, status, approval, sortBy). */
export const USER_TYPE_FILTERS = ['all', ...USER_TYPES] as const;
export const USER_STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
export const USER_APPROVAL_FILTERS = ['all', 'approved', 'pending'] as const;
export const USER_SORTS = ['newest', 'oldest', 'name', 'email', 'type'] as const;
export const USER_PAGE_SIZE_MAX = 200;

const oneOf = (values: readonly string[]) => `must be one of ${values.join(', ')}`;

export const userListInput = z.object({
  search: z.string({ error: 'must be text' }).trim().max(200, 'must be at most 200 characters').default(''),
  userType: z.enum(USER_TYPE_FILTERS, { error: oneOf(USER_TYPE_FILTERS) }).default('all'),
  status: z.enum(USER_STATUS_FILTERS, { error: oneOf(USER_STATUS_FILTERS) }).default('all'),
  approval: z.enum(USER_APPROVAL_FILTERS, { error: oneOf(USER_APPROVAL_FILTERS) }).default('all'),
  sortBy: z.enum(USER_SORTS, { error: oneOf(USER_SORTS) }).default('newest'),
  /** 1-based; the counters always cover the whole filtered set. Query strings are coerced (REST). */
  page: z.coerce.number({ error: 'must be a whole number from 1' }).int('must be a whole number from 1').min(1, 'must be a whole number from 1').default(1),
  pageSize: z.coerce
    .number({ error: `must be a whole number from 1 to ${USER_PAGE_SIZE_MAX}` })
    .int(`must be a whole number from 1 to ${USER_PAGE_SIZE_MAX}`)
    .min(1, `must be a whole number from 1 to ${USER_PAGE_SIZE_MAX}`)
    .max(USER_PAGE_SIZE_MAX, `must be a whole number from 1 to ${USER_PAGE_SIZE_MAX}`)
    .default(50),
});
export type UserListInput = z.infer<typeof userListInput>;

export const USER_UPDATE_ACTIONS = ['approve', 'activate', 'changeType'] as const;
export type UserUpdateAction = (typeof USER_UPDATE_ACTIONS)[number];

const userId = z.string({ error: 'is required' }).uuid({ error: 'must be a user id' });
const flag = z.boolean({ error: 'must be true or false' });

/**
 * PUT /api/admin/users and tRPC `users.update` (spec 01 §7: `{userId, action, value}`):
 * - `approve`: true approves, false revokes the approval;
 * - `activate`: true activates, false deactivates;
 * - `changeType`: the new type (admin, manager, user).
 */
export const userUpdateInput = z.discriminatedUnion(
  'action',
  [
    z.object({ userId, action: z.literal('approve'), value: flag }),
    z.object({ userId, action: z.literal('activate'), value: flag }),
    z.object({ userId, action: z.literal('changeType'), value: z.enum(USER_TYPES, { error: oneOf(USER_TYPES) }) }),
  ],
  { error: oneOf(USER_UPDATE_ACTIONS) },
);
export type UserUpdateInput = z.infer<typeof userUpdateInput>;

/** A row of the users read model, as the Users tab and REST clients receive it (spec 01 §3 "User"). */
export interface UserView {
  id: string;
  name: string;
  email: string;
  userType: UserType;
  isApproved: boolean;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Spec 01 §4: pending approval = not approved; approved and active = both; inactive = not active. */
export interface UserCounts {
  total: number;
  pendingApproval: number;
  approvedActive: number;
  inactive: number;
}
