import { Box, Text } from '@chakra-ui/react';
import type { ServiceState } from '@crm/contracts';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { formatTime } from '../utils/status-format.util.ts';

const BANNER: Record<ServiceState, { bg: string; fg: string }> = {
  operational: { bg: 'green.700', fg: 'white' },
  degraded: { bg: 'orange.200', fg: 'gray.900' },
  outage: { bg: 'red.700', fg: 'white' },
  unknown: { bg: 'gray.200', fg: 'gray.900' },
};

/** The overall state, when it was checked, and that the page refreshes itself. */
export function StatusBanner({ overall, checkedAt }: { overall: ServiceState; checkedAt: string }) {
  const { LL, locale } = useI18nContext();
  const colors = BANNER[overall];
  return (
    <Box bg={colors.bg} color={colors.fg} borderRadius="lg" px={6} py={5} data-testid="status-banner" data-state={overall}>
      <Text as="p" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="bold" role="status" aria-live="polite">
        {LL.statusPage.overall[overall]()}
      </Text>
      <Text as="p" mt={1}>
        <time dateTime={checkedAt} data-testid="status-checked-at">
          {LL.statusPage.lastChecked({ time: formatTime(checkedAt, locale) })}
        </time>{' '}
        · {LL.statusPage.autoRefresh()}
      </Text>
    </Box>
  );
}
