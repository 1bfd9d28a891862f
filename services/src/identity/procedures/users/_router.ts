import { inviteUserInput, revokeInvitationInput, userListInput, userUpdateInput } from '@crm/contracts';
import { procedure, router } from '../../../trpc/trpc.ts';
import { invitationsHandler } from './invitations.handler.ts';
import { inviteHandler } from './invite.handler.ts';
import { listHandler } from './list.handler.ts';
import { revokeInvitationHandler } from './revoke-invitation.handler.ts';
import { updateHandler } from './update.handler.ts';

export const usersRouter = router({
  list: procedure('users:read').input(userListInput).query(listHandler),
  /** Managers reach the handler too; the decider refuses them anything but `user` accounts (403). */
  update: procedure('users:moderate').input(userUpdateInput).mutation(updateHandler),
  /** Managers may invite `user` accounts only (the decider refuses other types with 403). */
  invite: procedure('users:moderate').input(inviteUserInput).mutation(inviteHandler),
  invitations: procedure('users:read').query(invitationsHandler),
  revokeInvitation: procedure('users:moderate').input(revokeInvitationInput).mutation(revokeInvitationHandler),
});
