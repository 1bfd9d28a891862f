import { Badge, Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { StatusServiceView } from '@crm/contracts';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { STATE_COLOR, formatNumber, formatPercent } from '../utils/status-format.util.ts';
import { UptimeBar } from './uptime-bar.component.tsx';

/** One service: name, current state, uptime over the window, response time of the last check, daily bars. */
export function ServiceStatus({ service, windowDays }: { service: StatusServiceView; windowDays: number }) {
  const { LL, locale } = useI18nContext();
  const name = LL.statusPage.services[service.id].name();
  const headingId = `status-service-${service.id}`;
  return (
    <Box as="li" listStyleType="none" borderWidth="1px" borderColor="border" borderRadius="lg" p={{ base: 4, md: 6 }} data-testid="status-service" data-service={service.id} data-state={service.state}>
      <Box as="section" aria-labelledby={headingId}>
        <Flex justify="space-between" align="start" gap={4} wrap="wrap">
          <Box>
            <Heading as="h3" id={headingId} size="md">
              {name}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {LL.statusPage.services[service.id].description()}
            </Text>
          </Box>
          <Badge bg={STATE_COLOR[service.state].badgeBg} color={STATE_COLOR[service.state].badgeFg} size="lg" data-testid="service-state">
            {LL.statusPage.states[service.state]()}
          </Badge>
        </Flex>
        <Stack as="dl" direction="row" gap={8} my={4} wrap="wrap">
          <Box>
            <Text as="dt" fontSize="sm" color="fg.muted">
              {LL.statusPage.uptime({ days: formatNumber(windowDays, locale) })}
            </Text>
            <Text as="dd" fontSize="xl" fontWeight="semibold" data-testid="service-uptime">
              {service.uptime === null ? LL.statusPage.noData() : formatPercent(service.uptime, locale)}
            </Text>
          </Box>
          <Box>
            <Text as="dt" fontSize="sm" color="fg.muted">
              {LL.statusPage.responseTime()}
            </Text>
            <Text as="dd" fontSize="xl" fontWeight="semibold" data-testid="service-response">
              {service.responseMs === null ? LL.statusPage.noResponse() : LL.statusPage.milliseconds({ value: formatNumber(service.responseMs, locale) })}
            </Text>
          </Box>
        </Stack>
        <UptimeBar serviceName={name} days={service.days} />
      </Box>
    </Box>
  );
}
