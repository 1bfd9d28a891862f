import { acceptInvitationInput, invitationTokenInput, loginInput, mfaLoginInput, passwordResetInput, passwordResetRequestInput, passwordResetValidateInput, registerInput } from '@crm/contracts';
import { publicProcedure, router } from '../../../trpc/trpc.ts';
import { acceptInvitationHandler } from './accept-invitation.handler.ts';
import { loginHandler } from './login.handler.ts';
import { loginMfaHandler } from './login-mfa.handler.ts';
import { logoutHandler } from './logout.handler.ts';
import { meHandler } from './me.handler.ts';
import { registerHandler } from './register.handler.ts';
import { requestPasswordResetHandler } from './request-password-reset.handler.ts';
import { resetPasswordHandler } from './reset-password.handler.ts';
import { validateInvitationHandler } from './validate-invitation.handler.ts';
import { validateResetTokenHandler } from './validate-reset-token.handler.ts';

export const authRouter = router({
  login: publicProcedure.input(loginInput).mutation(loginHandler),
  // The second step of a login with multi-factor authentication (throttled like the password by the login service).
  loginMfa: publicProcedure.input(mfaLoginInput).mutation(loginMfaHandler),
  logout: publicProcedure.mutation(logoutHandler),
  me: publicProcedure.query(meHandler),
  // Self-registration and password reset (RESET helper): open to anyone, answers reveal no account.
  register: publicProcedure.input(registerInput).mutation(registerHandler),
  requestPasswordReset: publicProcedure.input(passwordResetRequestInput).mutation(requestPasswordResetHandler),
  validateResetToken: publicProcedure.input(passwordResetValidateInput).query(validateResetTokenHandler),
  resetPassword: publicProcedure.input(passwordResetInput).mutation(resetPasswordHandler),
  // An invitation link (public: the invitee has no account yet); accepting is rate limited like registration.
  validateInvitation: publicProcedure.input(invitationTokenInput).query(validateInvitationHandler),
  acceptInvitation: publicProcedure.input(acceptInvitationInput).mutation(acceptInvitationHandler),
});
