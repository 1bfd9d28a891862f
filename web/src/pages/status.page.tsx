import { Box, Container, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { SERVICE_STATES } from '@crm/contracts';
import { useI18nContext } from '../i18n/i18n-react.tsx';
import { PublicLayout } from '../modules/landing/components/public-layout.component.tsx';
import { useDocumentHead } from '../modules/seo/hooks/use-document-head.hook.ts';
import { IncidentList } from '../modules/status/components/incident-list.component.tsx';
import { ServiceStatus } from '../modules/status/components/service-status.component.tsx';
import { StatusBanner } from '../modules/status/components/status-banner.component.tsx';
import { useStatusOverview } from '../modules/status/hooks/use-status-overview.hook.ts';
import { STATE_COLOR } from '../modules/status/utils/status-format.util.ts';

/** Spec 01 §2 "Status": live states of the four services, 90-day uptime bars, past incidents. */
export default function StatusPage() {
  const { LL } = useI18nContext();
  useDocumentHead({ title: LL.statusPage.metaTitle(), description: LL.statusPage.metaDescription(), path: '/status' });
  const overview = useStatusOverview();
  const data = overview.data;
  return (
    <PublicLayout>
      <Container maxW="5xl" py={{ base: 10, md: 14 }}>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {LL.statusPage.title()}
        </Heading>
        <Text mt={2} fontSize="lg" maxW="3xl">
          {LL.statusPage.intro()}
        </Text>
        <Box mt={8}>
          {!data && overview.isError && (
            <Text role="alert" color="red.700" data-testid="status-error">
              {LL.statusPage.loadError()}
            </Text>
          )}
          {!data && !overview.isError && (
            <Flex gap={3} align="center" role="status">
              <Spinner size="sm" />
              <Text>{LL.statusPage.loading()}</Text>
            </Flex>
          )}
          {data && (
            <Stack gap={10}>
              <StatusBanner overall={data.overall} checkedAt={data.checkedAt} />
              {overview.isError && (
                <Text role="alert" color="red.700">
                  {LL.statusPage.loadError()}
                </Text>
              )}
              <Box as="section" aria-labelledby="status-services-title">
                <Heading as="h2" id="status-services-title" size="xl" mb={4}>
                  {LL.statusPage.servicesTitle()}
                </Heading>
                <Stack as="ul" gap={4}>
                  {data.services.map((service) => (
                    <ServiceStatus key={service.id} service={service} windowDays={data.windowDays} />
                  ))}
                </Stack>
                <Flex as="ul" aria-label={LL.statusPage.legend()} listStyleType="none" gap={5} mt={4} wrap="wrap" fontSize="sm">
                  {SERVICE_STATES.map((state) => (
                    <Flex as="li" key={state} align="center" gap={2}>
                      <Box w={3} h={3} borderRadius="sm" bg={STATE_COLOR[state].bar} aria-hidden="true" />
                      {LL.statusPage.states[state]()}
                    </Flex>
                  ))}
                </Flex>
              </Box>
              <Box as="section" aria-labelledby="status-incidents-title">
                <Heading as="h2" id="status-incidents-title" size="xl" mb={4}>
                  {LL.statusPage.incidentsTitle()}
                </Heading>
                <IncidentList incidents={data.incidents} total={data.incidentsTotal} windowDays={data.windowDays} />
              </Box>
            </Stack>
          )}
        </Box>
      </Container>
    </PublicLayout>
  );
}
