import { Box, Flex, Text } from '@chakra-ui/react';
import type { StatusDay } from '@crm/contracts';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { STATE_COLOR, formatDay, formatPercent } from '../utils/status-format.util.ts';

/**
 * One bar per day, oldest first (in Arabic the row mirrors: today on the left). Each day carries its
 * own label (title for the pointer, text for screen readers); days without samples say "no data".
 */
export function UptimeBar({ serviceName, days }: { serviceName: string; days: readonly StatusDay[] }) {
  const { LL, locale } = useI18nContext();
  const label = (d: StatusDay) =>
    d.uptime === null
      ? LL.statusPage.dayNoData({ date: formatDay(d.date, locale) })
      : LL.statusPage.dayUptime({ date: formatDay(d.date, locale), uptime: formatPercent(d.uptime, locale), state: LL.statusPage.states[d.state]() });
  return (
    <Box>
      <Flex
        as="ol"
        aria-label={LL.statusPage.barLabel({ service: serviceName, days: String(days.length) })}
        listStyleType="none"
        gap="2px"
        h={10}
        align="stretch"
        data-testid="uptime-bar"
      >
        {days.map((d) => {
          const text = label(d);
          return (
            <Box
              as="li"
              key={d.date}
              flex="1"
              minW="2px"
              borderRadius="sm"
              bg={STATE_COLOR[d.state].bar}
              title={text}
              data-date={d.date}
              data-state={d.state}
              data-testid="uptime-day"
            >
              <Box as="span" srOnly>
                {text}
              </Box>
            </Box>
          );
        })}
      </Flex>
      <Flex justify="space-between" mt={1} fontSize="sm" color="fg.muted" aria-hidden="true">
        <Text>{LL.statusPage.daysAgo({ days: String(days.length) })}</Text>
        <Text>{LL.statusPage.today()}</Text>
      </Flex>
    </Box>
  );
}
