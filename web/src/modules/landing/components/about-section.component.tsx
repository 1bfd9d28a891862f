import { Box, Container, Grid, Stack, Text } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { LandingIcon } from './landing-icon.component.tsx';
import { SectionHeading } from './section-heading.component.tsx';

/** About (anchor `about`): what the product is, the results it claims, and the trial / compliance promises. */
export function AboutSection() {
  const { LL } = useI18nContext();
  const points = [LL.landing.about.pointTrial(), LL.landing.about.pointGdpr(), LL.landing.about.pointSoc2()];
  return (
    <Box as="section" id="about" aria-labelledby="about-title" scrollMarginTop="4.5rem" data-testid="landing-section">
      <Container maxW="7xl" py={{ base: 14, md: 20 }}>
        <Grid templateColumns={{ base: '1fr', lg: '1.4fr 1fr' }} gap={{ base: 8, lg: 16 }} alignItems="center">
          <Stack gap={5}>
            <SectionHeading id="about-title" eyebrow={LL.landing.about.eyebrow()} title={LL.landing.about.title()} align="start" />
            <Text fontSize={{ base: 'md', md: 'lg' }} color="fg.muted">
              {LL.landing.about.body()}
            </Text>
            <Text fontSize={{ base: 'md', md: 'lg' }} color="fg.muted">
              {LL.landing.about.bodySecond()}
            </Text>
          </Stack>
          <Box bg="blue.50" borderWidth="1px" borderColor="blue.100" rounded="2xl" p={{ base: 6, md: 8 }}>
            <Stack as="ul" gap={4} listStyleType="none" m={0} p={0}>
              {points.map((point) => (
                <Box as="li" key={point} display="flex" alignItems="center" gap={3} fontWeight="medium" color="gray.900">
                  <Box as="span" color="white" bg="blue.600" rounded="full" p={1.5} display="inline-flex" flexShrink={0}>
                    <LandingIcon name="check" size={16} />
                  </Box>
                  {point}
                </Box>
              ))}
            </Stack>
          </Box>
        </Grid>
      </Container>
    </Box>
  );
}
