import { crmActor, type DealStagePageInput } from '@crm/contracts';
import type { AuthedRequestContext } from '../../platform/request-context.ts';

export const stagePageHandler = ({ ctx, input }: { ctx: AuthedRequestContext; input: DealStagePageInput }) => ctx.services.deals.stagePage(crmActor(ctx.user), input);
