import type { DealStagePageInput } from '@crm/contracts';
import { requestActor } from '../../crm/crm-actor.ts';
import type { RequestContext } from '../../platform/request-context.ts';

export const stagePageHandler = ({ ctx, input }: { ctx: RequestContext; input: DealStagePageInput }) => ctx.services.deals.stagePage(requestActor(ctx), input);
