import type { DealBoardInput } from '@crm/contracts';
import { requestActor } from '../../crm/crm-actor.ts';
import type { RequestContext } from '../../platform/request-context.ts';

export const boardHandler = ({ ctx, input }: { ctx: RequestContext; input: DealBoardInput }) => ctx.services.deals.board(requestActor(ctx), input);
