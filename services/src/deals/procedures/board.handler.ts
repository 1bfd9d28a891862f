import { crmActor, type DealBoardInput } from '@crm/contracts';
import type { AuthedRequestContext } from '../../platform/request-context.ts';

export const boardHandler = ({ ctx, input }: { ctx: AuthedRequestContext; input: DealBoardInput }) => ctx.services.deals.board(crmActor(ctx.user), input);
