import { Badge, Box, HStack, NativeSelect, Stack, Text, Wrap } from '@chakra-ui/react';
import { DEAL_STAGES, probabilityColor, type DealStage, type DealView } from '@crm/contracts';
import { Link } from 'wouter';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { DataText } from '../../ui/components/data-text.component.tsx';
import { LineIcon } from '../../ui/components/line-icon.component.tsx';
import { ICONS } from '../../ui/utils/line-icons.util.ts';
import { FROM_LIST_STATE } from '../../ui/utils/record-route.util.ts';
import { dealPath } from '../utils/deal-links.util.ts';
import { formatCalendarDate, formatDollars } from '../utils/pipeline-format.util.ts';

interface DealCardProps {
  deal: DealView;
  saving: boolean;
  /** Keyboard and screen-reader alternative to dragging. */
  onMove(deal: DealView, to: DealStage): void;
}

/** A deal on the Kanban (spec 02 §2): title, company, customer, value, probability, expected close, tags. */
export function DealCard({ deal, saving, onMove }: DealCardProps) {
  const { LL, locale } = useI18nContext();
  const color = probabilityColor(deal.probability);
  return (
    <Box
      as="article"
      data-deal-id={deal.id}
      data-testid={`deal-card-${deal.id}`}
      aria-label={deal.title}
      aria-busy={saving || undefined}
      bg="bg"
      borderWidth="1px"
      borderColor="border.muted"
      rounded="md"
      p={3}
      shadow="xs"
      cursor="grab"
      opacity={saving ? 0.7 : 1}
      _hover={{ shadow: 'sm', borderColor: 'border' }}
    >
      <Stack gap={2}>
        <HStack align="flex-start" justify="space-between" gap={2}>
          <Text fontWeight="semibold" fontSize="sm" lineClamp={2} data-testid="deal-title">
            <DataText>{deal.title}</DataText>
          </Text>
          {/* Opens the deal over the board at its own URL. Not on the title: a drag starts there. */}
          <Box
            asChild
            flexShrink={0}
            display="inline-flex"
            p={1}
            rounded="sm"
            color="fg.muted"
            _hover={{ color: 'blue.fg', bg: 'bg.muted' }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'blue.focusRing' }}
          >
            <Link href={dealPath(deal.id)} state={FROM_LIST_STATE} draggable={false} aria-label={LL.deals.detail.open({ title: deal.title })} title={LL.deals.detail.open({ title: deal.title })} data-testid={`deal-open-${deal.id}`}>
              <LineIcon d={ICONS.open} size={16} />
            </Link>
          </Box>
        </HStack>
        <Stack gap={0}>
          <Text fontSize="xs" color="fg.muted" data-testid="deal-company">
            {deal.customerCompany ? <DataText>{deal.customerCompany}</DataText> : LL.deals.card.noCompany()}
          </Text>
          <Text fontSize="xs" data-testid="deal-customer">
            {deal.customerName ? <DataText>{deal.customerName}</DataText> : LL.deals.card.unknownCustomer()}
          </Text>
        </Stack>
        <HStack justify="space-between" gap={2} wrap="wrap">
          <Text fontWeight="bold" color="green.700" fontSize="sm" data-testid="deal-value">
            <DataText>{formatDollars(deal.value, locale)}</DataText>
          </Text>
          <Badge colorPalette={color} variant="subtle" data-testid="deal-probability" data-color={color}>
            {LL.deals.card.probability({ probability: deal.probability })}
          </Badge>
        </HStack>
        <Text fontSize="xs" color="fg.muted" data-testid="deal-close-date">
          {deal.expectedCloseDate ? LL.deals.card.closes({ date: formatCalendarDate(deal.expectedCloseDate, locale) }) : LL.deals.card.noCloseDate()}
        </Text>
        {deal.tags.length > 0 ? (
          <Wrap gap={1} data-testid="deal-tags">
            {deal.tags.map((tag) => (
              <Badge key={tag} size="sm" variant="outline">
                <DataText>{tag}</DataText>
              </Badge>
            ))}
          </Wrap>
        ) : null}
        <NativeSelect.Root size="xs" disabled={saving}>
          <NativeSelect.Field
            aria-label={LL.deals.card.moveLabel({ title: deal.title })}
            value={deal.stage}
            data-testid={`deal-move-${deal.id}`}
            onChange={(event) => {
              const to = DEAL_STAGES.find((stage) => stage === event.currentTarget.value);
              if (to && to !== deal.stage) onMove(deal, to);
            }}
          >
            {DEAL_STAGES.map((stage) => (
              <option key={stage} value={stage}>
                {LL.deals.stages[stage]()}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {saving ? (
          <Text fontSize="xs" color="fg.muted" aria-live="polite">
            {LL.deals.card.moving()}
          </Text>
        ) : null}
      </Stack>
    </Box>
  );
}
