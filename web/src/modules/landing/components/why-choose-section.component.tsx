import { Box, Container, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { formatLandingStat, LANDING_AUDIENCES, LANDING_STATS } from '../utils/landing-content.util.ts';
import { LandingIcon } from './landing-icon.component.tsx';
import { SectionHeading } from './section-heading.component.tsx';

/** Why choose us (anchor `why-choose`): the audience cards and the stat tiles (spec 01 §2, §9). */
export function WhyChooseSection() {
  const { LL, locale } = useI18nContext();
  const t = LL.landing.whyChoose;
  return (
    <Box as="section" id="why-choose" aria-labelledby="why-choose-title" scrollMarginTop="4.5rem" data-testid="landing-section">
      <Container maxW="7xl" py={{ base: 14, md: 20 }}>
        <SectionHeading id="why-choose-title" eyebrow={t.eyebrow()} title={t.title()} subtitle={t.subtitle()} />
        <SimpleGrid as="ul" aria-label={t.audiencesLabel()} listStyleType="none" columns={{ base: 1, md: 3 }} gap={6} mt={{ base: 10, md: 14 }}>
          {LANDING_AUDIENCES.map((audience) => (
            <Box
              as="li"
              key={audience}
              borderWidth="1px"
              borderColor="border.muted"
              rounded="xl"
              p={{ base: 6, md: 8 }}
              shadow="sm"
              data-testid={`audience-${audience}`}
            >
              <Box display="inline-flex" p={3} rounded="full" bg="blue.600" color="white" mb={5}>
                <LandingIcon name={audience} />
              </Box>
              <Heading as="h3" size="lg" mb={2}>
                {t[audience]()}
              </Heading>
              <Text color="fg.muted">{t[`${audience}Text`]()}</Text>
            </Box>
          ))}
        </SimpleGrid>
        <Box role="group" aria-label={t.statsLabel()} mt={{ base: 10, md: 14 }} bg="blue.700" color="white" rounded="2xl" px={{ base: 6, md: 10 }} py={{ base: 8, md: 10 }}>
          <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap={{ base: 6, md: 8 }} m={0}>
            {LANDING_STATS.map((stat) => (
              <Box key={stat.key} display="flex" flexDirection="column-reverse" textAlign="center" gap={1} data-testid={`landing-stat-${stat.key}`}>
                <Text as="dt" color="blue.100" fontSize={{ base: 'sm', md: 'md' }}>
                  {t[stat.key]()}
                </Text>
                <Text as="dd" fontSize={{ base: '2xl', sm: '3xl', md: '4xl' }} fontWeight="bold" lineHeight="1.1" whiteSpace="nowrap" style={{ unicodeBidi: 'isolate' }}>
                  {formatLandingStat(stat, locale)}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        </Box>
      </Container>
    </Box>
  );
}
