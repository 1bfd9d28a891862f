import { z } from 'zod';

export const USER_TYPES = ['admin', 'manager', 'user'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const userCreatedV1 = z.object({
  userId: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  userType: z.enum(USER_TYPES),
  isApproved: z.boolean(),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
});

export const userEventSchemas = {
  UserCreated: { version: 1, schema: userCreatedV1 },
} as const;

export type UserEvent = { type: 'UserCreated'; data: z.infer<typeof userCreatedV1> };

export const userStreamId = (userId: string) => `user-${userId}`;

export const loginInput = z.object({
  email: z.string({ error: 'is required' }).trim().min(1, 'is required').max(254),
  password: z.string({ error: 'is required' }).min(1, 'is required').max(1024),
});
