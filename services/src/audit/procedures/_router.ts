import { auditLiveInput, auditLogGetInput, auditLogListInput, auditVerifyInput } from '@crm/contracts';
import { procedure, router } from '../../trpc/trpc.ts';
import { getHandler } from './get.handler.ts';
import { listHandler } from './list.handler.ts';
import { liveHandler } from './live.handler.ts';
import { verifyHandler } from './verify.handler.ts';

/** The audit log (issue 14, docs/AUDIT.md). Every procedure needs `audit:read` (admins). */
export const auditRouter = router({
  /** A page of entries, newest first, with the total and the four tiles of the filtered set. */
  list: procedure('audit:read').input(auditLogListInput).query(listHandler),
  /** One entry by id (the event's id). */
  get: procedure('audit:read').input(auditLogGetInput).query(getHandler),
  /** Walks the hash chain: ok, or the first broken entry, entries missing at the end, a recorded head changed. */
  verify: procedure('audit:read').input(auditVerifyInput.optional()).query(verifyHandler),
  /** New entries as they are written (SSE subscription, resumable with lastEventId = the last entry's position). */
  live: procedure('audit:read').input(auditLiveInput).subscription(liveHandler),
});
