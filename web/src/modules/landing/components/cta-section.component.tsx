import { Box, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { useBookingDialog } from '../../bookings/hooks/use-booking-dialog.hook.ts';
import { trackDemoRequest } from '../utils/landing-analytics.util.ts';

/** The call-to-action: Get Started and Schedule Demo both open the booking dialog. */
export function CtaSection() {
  const { LL } = useI18nContext();
  const { openBookingDialog } = useBookingDialog();
  return (
    <Box as="section" id="get-started" bg="blue.700" color="white">
      <Container maxW="4xl" py={{ base: 14, md: 20 }} textAlign="center">
        <Stack gap={6} align="center">
          <Heading as="h2" size={{ base: '2xl', md: '4xl' }}>
            {LL.cta.title()}
          </Heading>
          <Text fontSize={{ base: 'md', md: 'lg' }} color="blue.100" maxW="2xl">
            {LL.cta.subtitle()}
          </Text>
          <Stack direction={{ base: 'column', sm: 'row' }} gap={4} width={{ base: 'full', sm: 'auto' }}>
            <Button
              size="lg"
              bg="white"
              color="blue.700"
              _hover={{ bg: 'blue.50' }}
              onClick={() => {
                trackDemoRequest('cta-get-started');
                openBookingDialog('cta-get-started');
              }}
              data-testid="cta-get-started"
            >
              {LL.cta.getStarted()}
            </Button>
            <Button
              size="lg"
              variant="outline"
              color="white"
              borderColor="whiteAlpha.700"
              _hover={{ bg: 'whiteAlpha.200' }}
              onClick={() => {
                trackDemoRequest('cta-schedule-demo');
                openBookingDialog('cta-schedule-demo');
              }}
              data-testid="cta-schedule-demo"
            >
              {LL.cta.scheduleDemo()}
            </Button>
          </Stack>
          <Text fontSize="sm" color="blue.100">
            {LL.cta.compliance()}
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
