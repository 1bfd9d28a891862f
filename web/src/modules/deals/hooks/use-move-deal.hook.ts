import { DEAL_STAGE_PROBABILITY, type DealBoardResult, type DealStage, type DealView } from '@crm/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useCallback, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { trpc } from '../../api/trpc.client.ts';
import { toast, toastError } from '../../ui/utils/app-toaster.util.ts';
import { findDeal, placeDeal } from '../utils/board-cache.util.ts';

/**
 * `deals.move` with an optimistic board: the card is shown in its new column at once (every cached board is
 * updated), then saved. On success the server's deal replaces it, 'Deal Updated' shows and the deals queries
 * reload; on failure the card goes back where it was and 'Failed to update deal' shows (spec 02 §4, §8: the
 * spec's client did not roll back; this one does).
 */
export function useMoveDeal() {
  const { LL } = useI18nContext();
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const mutation = trpc.deals.move.useMutation();
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());

  const move = useCallback(
    async (deal: DealView, to: DealStage, options: { index?: number; originalIndex?: number } = {}) => {
      if (deal.stage === to) return;
      const boardKey = getQueryKey(trpc.deals.board);
      const update = (change: (board: DealBoardResult) => DealBoardResult) =>
        queryClient.setQueriesData<DealBoardResult>({ queryKey: boardKey }, (board) => (board ? change(board) : board));
      // A board reload already on its way would put the card back in its old column.
      void queryClient.cancelQueries({ queryKey: boardKey });
      update((board) => placeDeal(board, { ...deal, stage: to, probability: DEAL_STAGE_PROBABILITY[to] }, options.index ?? 0));
      setSaving((current) => new Set(current).add(deal.id));
      try {
        const { deal: saved } = await mutation.mutateAsync({ id: deal.id, stage: to });
        update((board) => placeDeal(board, saved, findDeal(board, saved.id)?.index ?? 0));
        toast({ type: 'success', title: LL.deals.toasts.movedTitle(), description: LL.deals.toasts.movedText({ stage: LL.deals.stages[to]() }) });
        void utils.deals.invalidate();
      } catch {
        update((board) => placeDeal(board, deal, options.originalIndex ?? 0));
        toastError(LL, LL.deals.toasts.moveFailed());
      } finally {
        setSaving((current) => {
          const next = new Set(current);
          next.delete(deal.id);
          return next;
        });
      }
    },
    [LL, mutation, queryClient, utils],
  );

  return { move, saving };
}
