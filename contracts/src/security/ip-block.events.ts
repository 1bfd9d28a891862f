import { z } from 'zod';
import { auditedEvent } from '../platform/audit.ts';

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
  IpBlocked: auditedEvent(1, ipBlockedV1, {
    entity: 'ip_block',
    entityId: (d) => d.ip,
    action: 'BLOCK',
    risk: 'medium',
    actor: (d) => d.by,
    state: (d) => ({ blocked: true, reason: d.reason }),
  }),
  IpUnblocked: auditedEvent(1, ipUnblockedV1, { entity: 'ip_block', entityId: (d) => d.ip, action: 'UNBLOCK', risk: 'medium', actor: (d) => d.by, state: () => ({ blocked: false }) }),
} as const;

type Schemas = typeof ipBlockEventSchemas;
export type IpBlockEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]['schema']> } }[keyof Schemas];

export const ipBlockStreamId = (ip: string) => `ip-block-${ip}`;
