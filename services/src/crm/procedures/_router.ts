import { procedure, router } from '../../trpc/trpc.ts';
import { assigneesHandler } from './assignees.handler.ts';

/** What the CRM screens share. */
export const crmRouter = router({
  /** People a CRM record may be assigned to: every active, approved account for `crm:all`; yourself otherwise. */
  assignees: procedure('crm:own').query(assigneesHandler),
});
