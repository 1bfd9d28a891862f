import { DEAL_BOARD_PAGE } from '@crm/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '../../api/trpc.client.ts';

/**
 * `deals.board` for a search (title, customer, company; searched on the server): the first `perStage` cards
 * of each column, the numbers over every deal; the previous board stays while the next loads.
 */
export function usePipelineBoard(search: string, perStage: number = DEAL_BOARD_PAGE.perStage) {
  return trpc.deals.board.useQuery({ search, perStage }, { placeholderData: keepPreviousData });
}
