import { changePasswordInput, signOutSessionInput, updateProfileInput } from '@crm/contracts';
import { procedure, router } from '../../../trpc/trpc.ts';
import { changePasswordHandler } from './change-password.handler.ts';
import { sessionsHandler } from './sessions.handler.ts';
import { signOutEverywhereHandler } from './sign-out-everywhere.handler.ts';
import { signOutSessionHandler } from './sign-out-session.handler.ts';
import { updateHandler } from './update.handler.ts';

/** The caller's own account and sessions: every procedure acts on the logged-in user only. */
export const profileRouter = router({
  update: procedure('authenticated').input(updateProfileInput).mutation(updateHandler),
  changePassword: procedure('authenticated').input(changePasswordInput).mutation(changePasswordHandler),
  sessions: procedure('authenticated').query(sessionsHandler),
  signOutSession: procedure('authenticated').input(signOutSessionInput).mutation(signOutSessionHandler),
  signOutEverywhere: procedure('authenticated').mutation(signOutEverywhereHandler),
});
