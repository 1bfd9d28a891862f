import { Button, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { DEAL_BOARD_PAGE, DEAL_STAGES, type DealStage, type DealView } from '@crm/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { LoadErrorAlert } from '../../ui/components/load-error-alert.component.tsx';
import { useDebouncedValue } from '../../ui/hooks/use-debounced-value.hook.ts';
import { toast, toastError } from '../../ui/utils/app-toaster.util.ts';
import { useKanbanDrag } from '../hooks/use-kanban-drag.hook.ts';
import { useMoveDeal } from '../hooks/use-move-deal.hook.ts';
import { usePipelineBoard } from '../hooks/use-pipeline-board.hook.ts';
import { useStagePage } from '../hooks/use-stage-page.hook.ts';
import { dealsByStage, findDeal } from '../utils/board-cache.util.ts';
import { AddDealDialog } from './add-deal-dialog.component.tsx';
import { PipelineColumn } from './pipeline-column.component.tsx';
import { PipelineSummary } from './pipeline-summary.component.tsx';

/** Kanban view (spec 02 §2): summary cards, search, Add Deal and the six stage columns with drag and drop. */
export function PipelineKanban() {
  const { LL } = useI18nContext();
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim(), 300);
  const perStage = DEAL_BOARD_PAGE.perStage;
  const board = usePipelineBoard(settled, perStage);
  const stagePage = useStagePage(settled, perStage);
  const { move, saving } = useMoveDeal();
  const [adding, setAdding] = useState(false);

  // Spec 02 §8: a failed pipeline fetch is announced with a toast (and the alert below offers Retry).
  useEffect(() => {
    if (board.error) toastError(LL, LL.deals.loadFailed());
  }, [board.error, LL]);

  const columns = useMemo(() => dealsByStage(board.data, DEAL_STAGES), [board.data]);
  const onDrop = useCallback(
    (deal: DealView, to: DealStage, index: number, originalIndex: number) => void move(deal, to, { index, originalIndex }),
    [move],
  );
  const drag = useKanbanDrag({ columns, onMove: onDrop });
  const onChooseStage = useCallback(
    (deal: DealView, to: DealStage) => {
      const originalIndex = board.data ? (findDeal(board.data, deal.id)?.index ?? 0) : 0;
      void move(deal, to, { index: 0, originalIndex });
    },
    [board.data, move],
  );
  const onCreated = useCallback(
    (deal: DealView) => {
      setAdding(false);
      toast({ type: 'success', title: LL.deals.toasts.createdTitle(), description: LL.deals.toasts.createdText({ title: deal.title, stage: LL.deals.stages[deal.stage]() }) });
    },
    [LL],
  );

  return (
    <Stack gap={5}>
      <PipelineSummary summary={board.data?.summary} />
      <Flex gap={3} align="flex-end" wrap="wrap">
        <Field.Root flex="1" minW="16rem" maxW="32rem">
          <Field.Label>{LL.deals.search.label()}</Field.Label>
          <Input
            name="search"
            type="search"
            size="sm"
            placeholder={LL.deals.search.placeholder()}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            data-testid="pipeline-search"
          />
        </Field.Root>
        <Button colorPalette="blue" size="sm" onClick={() => setAdding(true)} data-testid="pipeline-add-deal" ms="auto">
          {LL.deals.addDeal()}
        </Button>
      </Flex>
      {board.isError ? (
        <LoadErrorAlert title={LL.deals.loadFailed()} onRetry={() => void board.refetch()} testId="pipeline-load-error" />
      ) : null}
      {board.isError && !board.data ? null : (
        <>
          <Text fontSize="xs" color="fg.muted" id="pipeline-drag-hint">
            {LL.deals.card.dragHint()}
          </Text>
          <Flex
            gap={3}
            overflowX="auto"
            pb={2}
            align="stretch"
            aria-describedby="pipeline-drag-hint"
            aria-busy={board.isPending || undefined}
            data-testid="pipeline-board"
            data-loaded={board.data && !board.isPlaceholderData ? settled : undefined}
          >
            {DEAL_STAGES.map((stage) => {
              const column = board.data?.stages.find((c) => c.stage === stage);
              return (
                <PipelineColumn
                  key={stage}
                  stage={stage}
                  deals={drag.shown[stage]}
                  count={column?.count ?? 0}
                  totalValue={column?.totalValue ?? 0}
                  listRef={drag.listRef(stage)}
                  saving={saving}
                  onMove={onChooseStage}
                  onShowMore={(s) => void stagePage.showMore(s)}
                  loadingMore={stagePage.loading.has(stage)}
                />
              );
            })}
          </Flex>
        </>
      )}
      <AddDealDialog open={adding} onClose={() => setAdding(false)} onCreated={onCreated} />
    </Stack>
  );
}
