import type { DealStage } from '@crm/contracts';
import { useCallback, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { trpc } from '../../api/trpc.client.ts';
import { toastError } from '../../ui/utils/app-toaster.util.ts';
import { appendStageCards } from '../utils/board-cache.util.ts';

/**
 * A column's "Show more": `deals.stagePage` after the column's cursor (the last card the server sent it),
 * appended to that column of the cached board for (`search`, `perStage`). `loading` names the columns waiting
 * for a page.
 */
export function useStagePage(search: string, perStage: number) {
  const { LL } = useI18nContext();
  const utils = trpc.useUtils();
  const [loading, setLoading] = useState<ReadonlySet<DealStage>>(new Set());

  const showMore = useCallback(
    async (stage: DealStage) => {
      const after = utils.deals.board.getData({ search, perStage })?.stages.find((column) => column.stage === stage)?.next;
      if (!after) return;
      setLoading((current) => new Set(current).add(stage));
      try {
        const page = await utils.deals.stagePage.fetch({ stage, search, after, limit: perStage });
        utils.deals.board.setData({ search, perStage }, (board) => (board ? appendStageCards(board, page) : board));
      } catch {
        toastError(LL, LL.deals.column.moreFailed());
      } finally {
        setLoading((current) => {
          const next = new Set(current);
          next.delete(stage);
          return next;
        });
      }
    },
    [LL, perStage, search, utils],
  );

  return { showMore, loading };
}
