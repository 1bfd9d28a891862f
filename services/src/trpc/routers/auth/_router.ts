import { loginInput } from '@crm/contracts';
import { procedure, router } from '../../trpc.ts';
import { loginHandler } from './login.handler.ts';
import { logoutHandler } from './logout.handler.ts';
import { meHandler } from './me.handler.ts';

export const authRouter = router({
  login: procedure('public').input(loginInput).mutation(loginHandler),
  logout: procedure('public').mutation(logoutHandler),
  me: procedure('public').query(meHandler),
});
