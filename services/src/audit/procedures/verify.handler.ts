import type { AuditVerifyInput } from '@crm/contracts';
import type { AuthedRequestContext } from '../../platform/request-context.ts';

export const verifyHandler = ({ ctx, input }: { ctx: AuthedRequestContext; input: AuditVerifyInput | undefined }) => ctx.services.audit.verify(input);
