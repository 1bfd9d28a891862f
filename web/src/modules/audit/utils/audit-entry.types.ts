import type { RouterOutputs } from '../../api/trpc.client.ts';

/** An audit entry as `audit.list` delivers it to the app (contracts' AuditLogEntry after serialisation). */
export type AuditEntryRow = RouterOutputs['audit']['list']['data'][number];
/** One field's old → new value. */
export type AuditChangeRow = AuditEntryRow['changes'][number];
