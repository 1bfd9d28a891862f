import { mfaCodeInput, mfaDisableInput } from '@crm/contracts';
import { procedure, router } from '../../../trpc/trpc.ts';
import { confirmEnrolmentHandler } from './confirm-enrolment.handler.ts';
import { disableHandler } from './disable.handler.ts';
import { regenerateRecoveryCodesHandler } from './regenerate-recovery-codes.handler.ts';
import { startEnrolmentHandler } from './start-enrolment.handler.ts';
import { statusHandler } from './status.handler.ts';

/** The caller's own multi-factor authentication (Profile area): every procedure acts on the logged-in user only. */
export const mfaRouter = router({
  status: procedure('authenticated').query(statusHandler),
  startEnrolment: procedure('authenticated').mutation(startEnrolmentHandler),
  confirmEnrolment: procedure('authenticated').input(mfaCodeInput).mutation(confirmEnrolmentHandler),
  regenerateRecoveryCodes: procedure('authenticated').input(mfaCodeInput).mutation(regenerateRecoveryCodesHandler),
  disable: procedure('authenticated').input(mfaDisableInput).mutation(disableHandler),
});
