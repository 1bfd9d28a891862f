import { Badge, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { DealStage, DealView } from '@crm/contracts';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { DRAG_CLASSES } from '../hooks/use-kanban-drag.hook.ts';
import { formatDollars } from '../utils/pipeline-format.util.ts';
import { STAGE_PALETTE } from '../utils/stage-colors.util.ts';
import { DealCard } from './deal-card.component.tsx';

interface PipelineColumnProps {
  stage: DealStage;
  deals: DealView[];
  count: number;
  totalValue: number;
  listRef(el: HTMLElement | null): void;
  saving: ReadonlySet<string>;
  onMove(deal: DealView, to: DealStage): void;
  /** The column holds fewer cards than `count`: load its next page. */
  onShowMore(stage: DealStage): void;
  loadingMore: boolean;
}

/**
 * One stage of the Kanban: its name, count and total value (over every deal of the stage), its cards (the
 * first pages; a drop target) and "Show more" while cards remain on the server.
 */
export function PipelineColumn({ stage, deals, count, totalValue, listRef, saving, onMove, onShowMore, loadingMore }: PipelineColumnProps) {
  const { LL, locale } = useI18nContext();
  const name = LL.deals.stages[stage]();
  const total = formatDollars(totalValue, locale);
  const palette = STAGE_PALETTE[stage];
  const headingId = `pipeline-column-heading-${stage}`;
  return (
    <Stack
      as="section"
      aria-labelledby={headingId}
      data-testid={`pipeline-column-${stage}`}
      flex="1 0 11.5rem"
      minW="11.5rem"
      maxW="22rem"
      bg="bg.muted"
      rounded="lg"
      p={3}
      gap={3}
      borderTopWidth="3px"
      borderTopColor={`${palette}.500`}
    >
      <Flex justify="space-between" align="flex-start" gap={2}>
        <Stack gap={0}>
          <Heading as="h3" size="sm" id={headingId}>
            {name}
          </Heading>
          <Text fontSize="xs" color="fg.muted" data-testid={`pipeline-column-total-${stage}`}>
            {total}
          </Text>
        </Stack>
        <Badge colorPalette={palette} variant="solid" aria-label={LL.deals.column.count({ count })} data-testid={`pipeline-column-count-${stage}`}>
          {count}
        </Badge>
      </Flex>
      <Stack
        ref={listRef}
        data-stage={stage}
        data-testid={`pipeline-list-${stage}`}
        aria-label={LL.deals.column.label({ stage: name, count, total })}
        gap={2}
        flex="1"
        minH="8rem"
        rounded="md"
        css={{
          [`& .${DRAG_CLASSES.placeholder}`]: { opacity: 0.4 },
          [`& .${DRAG_CLASSES.dropZone}`]: { outline: '2px dashed', outlineColor: 'var(--chakra-colors-blue-400)' },
        }}
      >
        {deals.map((deal) => (
          <DealCard key={deal.id} deal={deal} saving={saving.has(deal.id)} onMove={onMove} />
        ))}
        {deals.length === 0 ? (
          <Box
            textAlign="center"
            fontSize="xs"
            color="fg.muted"
            borderWidth="1px"
            borderStyle="dashed"
            borderColor="border"
            rounded="md"
            py={6}
            data-testid={`pipeline-column-empty-${stage}`}
          >
            {LL.deals.column.empty()}
          </Box>
        ) : null}
      </Stack>
      {deals.length < count ? (
        <Button
          size="xs"
          variant="outline"
          loading={loadingMore}
          onClick={() => onShowMore(stage)}
          aria-label={LL.deals.column.showMoreLabel({ stage: name, shown: deals.length, count })}
          data-testid={`pipeline-show-more-${stage}`}
        >
          {LL.deals.column.showMore()}
        </Button>
      ) : null}
    </Stack>
  );
}
