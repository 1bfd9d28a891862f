import { Badge, Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { StatusIncident } from '@crm/contracts';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { formatDateTime, formatNumber } from '../utils/status-format.util.ts';

/** The window's incidents, newest first, each with its service, worst state, state and period. */
export function IncidentList({ incidents, total, windowDays }: { incidents: readonly StatusIncident[]; total: number; windowDays: number }) {
  const { LL, locale } = useI18nContext();
  if (incidents.length === 0) {
    return <Text data-testid="no-incidents">{LL.statusPage.noIncidents({ days: formatNumber(windowDays, locale) })}</Text>;
  }
  return (
    <>
      {total > incidents.length && (
        <Text mb={3} data-testid="incidents-shown">
          {LL.statusPage.incidentsShown({ shown: formatNumber(incidents.length, locale), total: formatNumber(total, locale) })}
        </Text>
      )}
    <Stack as="ul" gap={3} listStyleType="none" data-testid="incident-list">
      {incidents.map((incident) => {
        const service = LL.statusPage.services[incident.service].name();
        const start = formatDateTime(incident.startedAt, locale);
        return (
          <Box
            as="li"
            key={`${incident.service}-${incident.startedAt}`}
            borderWidth="1px"
            borderColor="border"
            borderInlineStartWidth="4px"
            borderInlineStartColor={incident.worstState === 'outage' ? 'red.600' : 'orange.400'}
            borderRadius="md"
            p={4}
            data-testid="incident"
            data-service={incident.service}
            data-state={incident.state}
          >
            <Flex justify="space-between" gap={3} wrap="wrap" align="center">
              <Heading as="h3" size="sm">
                {LL.statusPage.incidentHeading[incident.worstState]({ service })}
              </Heading>
              <Badge bg={incident.state === 'ongoing' ? 'red.700' : 'green.700'} color="white">
                {LL.statusPage.incidentStates[incident.state]()}
              </Badge>
            </Flex>
            <Text mt={1} fontSize="sm">
              {incident.endedAt === null ? (
                LL.statusPage.incidentSince({ start })
              ) : (
                <>{LL.statusPage.incidentPeriod({ start, end: formatDateTime(incident.endedAt, locale) })}</>
              )}
            </Text>
          </Box>
        );
      })}
    </Stack>
    </>
  );
}
