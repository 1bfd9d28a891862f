import { accessActionInput, securityAlertActionInput, securityAlertIdInput, securityAlertsListInput } from '@crm/contracts';
import { procedure, router } from '../../../trpc/trpc.ts';
import { accessActHandler } from './access-act.handler.ts';
import { accessUsersHandler } from './access-users.handler.ts';
import { getAlertHandler } from './get.handler.ts';
import { investigateAlertHandler } from './investigate.handler.ts';
import { listAlertsHandler } from './list.handler.ts';
import { resolveAlertHandler } from './resolve.handler.ts';

export const securityAlertsRouter = router({
  list: procedure('security:read').input(securityAlertsListInput).query(listAlertsHandler),
  get: procedure('security:read').input(securityAlertIdInput).query(getAlertHandler),
  investigate: procedure('security:manage').input(securityAlertActionInput).mutation(investigateAlertHandler),
  resolve: procedure('security:manage').input(securityAlertActionInput).mutation(resolveAlertHandler),
});

export const accessControlRouter = router({
  users: procedure('security:read').query(accessUsersHandler),
  act: procedure('security:manage').input(accessActionInput).mutation(accessActHandler),
});
