import { z } from 'zod';

/** Blocking is per exact address (IPv4 or IPv6, as the server sees it). Stream `ip-block-<ip>`. */
export const ipBlockedV1 = z.object({
  ip: z.string(),
  reason: z.string(),
  /** The login attempt the block was made from, if any. */
  loginId: z.string().uuid().nullable(),
  by: z.string().uuid(),
  at: z.iso.datetime(),
});
export const ipUnblockedV1 = z.object({ ip: z.string(), by: z.string().uuid(), at: z.iso.datetime() });

export const ipBlockEventSchemas = {
  IpBlocked: { version: 1, schema: ipBlockedV1 },
  IpUnblocked: { version: 1, schema: ipUnblockedV1 },
} as const;

type Schemas = typeof ipBlockEventSchemas;
export type IpBlockEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]['schema']> } }[keyof Schemas];

export const ipBlockStreamId = (ip: string) => `ip-block-${ip}`;
