import { loginInput, passwordResetInput, passwordResetRequestInput, passwordResetValidateInput, registerInput } from '@crm/contracts';
import { procedure, router } from '../../../trpc/trpc.ts';
import { loginHandler } from './login.handler.ts';
import { logoutHandler } from './logout.handler.ts';
import { meHandler } from './me.handler.ts';
import { registerHandler } from './register.handler.ts';
import { requestPasswordResetHandler } from './request-password-reset.handler.ts';
import { resetPasswordHandler } from './reset-password.handler.ts';
import { validateResetTokenHandler } from './validate-reset-token.handler.ts';

export const authRouter = router({
  login: procedure('public').input(loginInput).mutation(loginHandler),
  logout: procedure('public').mutation(logoutHandler),
  me: procedure('public').query(meHandler),
  // Self-registration and password reset (RESET helper): open to anyone, answers reveal no account.
  register: procedure('public').input(registerInput).mutation(registerHandler),
  requestPasswordReset: procedure('public').input(passwordResetRequestInput).mutation(requestPasswordResetHandler),
  validateResetToken: procedure('public').input(passwordResetValidateInput).query(validateResetTokenHandler),
  resetPassword: procedure('public').input(passwordResetInput).mutation(resetPasswordHandler),
});
