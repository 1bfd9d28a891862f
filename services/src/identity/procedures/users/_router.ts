import { userListInput, userUpdateInput } from '@crm/contracts';
import { procedure, router } from '../../../trpc/trpc.ts';
import { listHandler } from './list.handler.ts';
import { updateHandler } from './update.handler.ts';

export const usersRouter = router({
  list: procedure('users:read').input(userListInput).query(listHandler),
  /** Managers reach the handler too; the decider refuses them anything but `user` accounts (403). */
  update: procedure('users:moderate').input(userUpdateInput).mutation(updateHandler),
});
