import { Box, Button, Container, Flex, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { useI18nContext } from '../i18n/i18n-react.tsx';
import { PublicLayout } from '../modules/landing/components/public-layout.component.tsx';
import { CardGrid } from '../modules/pages/components/card-grid.component.tsx';
import { PageIntro } from '../modules/pages/components/page-intro.component.tsx';
import { PageSection } from '../modules/pages/components/page-section.component.tsx';
import { ABOUT_STATS, ABOUT_VALUES, formatStat } from '../modules/pages/utils/static-pages.util.ts';
import { useDocumentHead } from '../modules/seo/hooks/use-document-head.hook.ts';

export default function AboutPage() {
  const { LL, locale } = useI18nContext();
  useDocumentHead({ title: LL.about.metaTitle(), description: LL.about.metaDescription(), path: '/about' });
  return (
    <PublicLayout>
      <PageIntro title={LL.about.title()} intro={LL.about.intro()} />
      <PageSection id="mission" title={LL.about.missionTitle()}>
        <Text fontSize="lg" lineHeight="tall" maxW="4xl">
          {LL.about.mission()}
        </Text>
      </PageSection>
      <PageSection id="values" title={LL.about.valuesTitle()} muted>
        <CardGrid columns={4} items={ABOUT_VALUES.map((key) => ({ key, title: LL.about.values[key].title(), text: LL.about.values[key].text() }))} />
      </PageSection>
      <PageSection id="stats" title={LL.about.statsTitle()}>
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, md: 4 }} gap={6}>
          {ABOUT_STATS.map((stat) => (
            <Box as="li" key={stat.key} borderWidth="1px" borderColor="border" borderRadius="lg" p={6} textAlign="center" data-testid={`stat-${stat.key}`}>
              <Text fontSize="3xl" fontWeight="bold" color="blue.700" _dark={{ color: 'blue.300' }}>
                {formatStat(stat, locale)}
              </Text>
              <Text color="fg">{LL.about.stats[stat.key]()}</Text>
            </Box>
          ))}
        </SimpleGrid>
      </PageSection>
      <Box as="section" aria-labelledby="about-cta-title" py={{ base: 10, md: 14 }} bg="blue.700" color="white">
        <Container maxW="4xl" textAlign="center">
          <Heading as="h2" id="about-cta-title" size="2xl" mb={6}>
            {LL.about.ctaTitle()}
          </Heading>
          <Flex gap={4} justify="center" wrap="wrap">
            <Button asChild bg="white" color="blue.800" _hover={{ bg: 'blue.50' }}>
              <Link href="/careers">{LL.about.ctaCareers()}</Link>
            </Button>
            <Button asChild variant="outline" color="white" borderColor="white" _hover={{ bg: 'blue.800' }}>
              <Link href="/contact">{LL.about.ctaContact()}</Link>
            </Button>
          </Flex>
        </Container>
      </Box>
    </PublicLayout>
  );
}
