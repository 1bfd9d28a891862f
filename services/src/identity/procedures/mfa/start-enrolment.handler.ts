import { commandContext, type AuthedRequestContext } from '../../../platform/request-context.ts';

/** A new secret for the caller: its QR code (SVG), otpauth:// URI and base32 text; MFA is on once a first code confirms it. */
export const startEnrolmentHandler = ({ ctx }: { ctx: AuthedRequestContext }) => ctx.services.mfa.startEnrolment(ctx.user, commandContext(ctx));
