import { Badge, Box, Button, Container, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { useBookingDialog } from '../../bookings/hooks/use-booking-dialog.hook.ts';
import { trackDemoRequest } from '../utils/landing-analytics.util.ts';

function PlayIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <path d="M8 5v14l11-7z" />
    </svg>
  );
}

/** The hero: the pitch, the Watch Demo button (opens the booking dialog) and the no-credit-card note. */
export function HeroSection() {
  const { LL } = useI18nContext();
  const { openBookingDialog } = useBookingDialog();
  const highlights = [
    { value: LL.hero.timeValue(), label: LL.hero.timeLabel() },
    { value: LL.hero.errorsValue(), label: LL.hero.errorsLabel() },
    { value: LL.hero.performanceValue(), label: LL.hero.performanceLabel() },
  ];
  return (
    <Box as="section" id="home" bgGradient="to-b" gradientFrom="blue.50" gradientTo="bg" overflow="hidden">
      <Container maxW="7xl" py={{ base: 14, md: 24 }}>
        <Grid templateColumns={{ base: '1fr', lg: '1.25fr 1fr' }} gap={{ base: 10, lg: 16 }} alignItems="center">
          <Stack gap={6} align="flex-start">
            <Badge colorPalette="blue" variant="subtle" size="lg" rounded="full" px={3}>
              {LL.hero.badge()}
            </Badge>
            <Heading as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="1.15" letterSpacing="tight">
              {LL.hero.title()}
            </Heading>
            <Text fontSize={{ base: 'md', md: 'xl' }} color="fg.muted" maxW="2xl">
              {LL.hero.subtitle()}
            </Text>
            <Button
              size="lg"
              colorPalette="blue"
              onClick={() => {
                trackDemoRequest('hero-watch-demo');
                openBookingDialog('hero-watch-demo');
              }}
              data-testid="hero-watch-demo"
            >
              <PlayIcon />
              {LL.hero.watchDemo()}
            </Button>
            <Text fontSize="sm" color="fg.muted" data-testid="hero-no-credit-card">
              {LL.hero.noCreditCard()}
            </Text>
          </Stack>
          <Box
            role="group"
            aria-label={LL.hero.highlightsLabel()}
            bg="bg"
            borderWidth="1px"
            borderColor="border.muted"
            rounded="2xl"
            shadow="xl"
            p={{ base: 6, md: 8 }}
          >
            <Text fontWeight="semibold" mb={6}>
              {LL.hero.highlightsLabel()}
            </Text>
            <Stack gap={5}>
              {highlights.map((item) => (
                <Stack key={item.label} direction="row" align="center" gap={4}>
                  <Text
                    fontSize={{ base: '2xl', md: '3xl' }}
                    fontWeight="bold"
                    color="blue.600"
                    minW="6.5rem"
                    dir="ltr"
                    textAlign="start"
                  >
                    {item.value}
                  </Text>
                  <Text color="fg.muted">{item.label}</Text>
                </Stack>
              ))}
            </Stack>
          </Box>
        </Grid>
      </Container>
    </Box>
  );
}
