import { Box, Container, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { LANDING_FEATURES } from '../utils/landing-content.util.ts';
import { LandingIcon } from './landing-icon.component.tsx';
import { SectionHeading } from './section-heading.component.tsx';

/** Features (anchor `features`): the ten key features of spec 01 §1. */
export function FeaturesSection() {
  const { LL } = useI18nContext();
  const t = LL.landing.features;
  return (
    <Box as="section" id="features" aria-labelledby="features-title" bg="bg.subtle" scrollMarginTop="4.5rem" data-testid="landing-section">
      <Container maxW="7xl" py={{ base: 14, md: 20 }}>
        <SectionHeading id="features-title" eyebrow={t.eyebrow()} title={t.title()} subtitle={t.subtitle()} />
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3, xl: 5 }} gap={{ base: 3, sm: 5 }} mt={{ base: 8, md: 14 }}>
          {LANDING_FEATURES.map((feature) => (
            <Box
              as="li"
              key={feature}
              bg="bg"
              borderWidth="1px"
              borderColor="border.muted"
              rounded="xl"
              p={{ base: 4, sm: 6 }}
              display="flex"
              flexDirection={{ base: 'row', sm: 'column' }}
              alignItems="flex-start"
              gap={4}
              data-testid="landing-feature"
            >
              <Box display="inline-flex" flexShrink={0} p={2.5} rounded="lg" bg="blue.50" color="blue.700">
                <LandingIcon name={feature} />
              </Box>
              <Box>
                <Heading as="h3" size="md" mb={{ base: 1, sm: 2 }}>
                  {t[feature]()}
                </Heading>
                <Text color="fg.muted" fontSize="sm">
                  {t[`${feature}Text`]()}
                </Text>
              </Box>
            </Box>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
