import { Badge, Box, Button, DataList, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { useI18nContext } from '../i18n/i18n-react.tsx';
import { PublicLayout } from '../modules/landing/components/public-layout.component.tsx';
import { CardGrid } from '../modules/pages/components/card-grid.component.tsx';
import { PageIntro } from '../modules/pages/components/page-intro.component.tsx';
import { PageSection } from '../modules/pages/components/page-section.component.tsx';
import { CAREER_BENEFITS, CAREER_OPENINGS, formatCount, formatMoney } from '../modules/pages/utils/static-pages.util.ts';
import { useDocumentHead } from '../modules/seo/hooks/use-document-head.hook.ts';

export default function CareersPage() {
  const { LL, locale } = useI18nContext();
  useDocumentHead({ title: LL.careers.metaTitle(), description: LL.careers.metaDescription(), path: '/careers' });
  return (
    <PublicLayout>
      <PageIntro title={LL.careers.title()} intro={LL.careers.intro()} />
      <PageSection id="benefits" title={LL.careers.benefitsTitle()} muted>
        <CardGrid items={CAREER_BENEFITS.map((key) => ({ key, title: LL.careers.benefits[key].title(), text: LL.careers.benefits[key].text() }))} />
      </PageSection>
      <PageSection id="openings" title={LL.careers.openingsTitle()}>
        <Text mb={6} color="fg">
          {LL.careers.openingsCount({ count: formatCount(CAREER_OPENINGS.length, locale) })}
        </Text>
        <Stack as="ul" listStyleType="none" gap={4}>
          {CAREER_OPENINGS.map(({ key, salary }) => {
            const opening = LL.careers.openings[key];
            return (
              <Box as="li" key={key} borderWidth="1px" borderColor="border" borderRadius="lg" p={6} data-testid={`opening-${key}`}>
                <Flex justify="space-between" align={{ base: 'start', md: 'center' }} direction={{ base: 'column', md: 'row' }} gap={4}>
                  <Box>
                    <Flex align="center" gap={3} mb={3} wrap="wrap">
                      <Heading as="h3" size="lg">
                        {opening.title()}
                      </Heading>
                      <Badge colorPalette="blue" variant="subtle">
                        {opening.department()}
                      </Badge>
                    </Flex>
                    <DataList.Root orientation="horizontal" size="sm" gap={1}>
                      <DataList.Item>
                        <DataList.ItemLabel color="fg">{LL.careers.department()}</DataList.ItemLabel>
                        <DataList.ItemValue>{opening.department()}</DataList.ItemValue>
                      </DataList.Item>
                      <DataList.Item>
                        <DataList.ItemLabel color="fg">{LL.careers.location()}</DataList.ItemLabel>
                        <DataList.ItemValue>{opening.location()}</DataList.ItemValue>
                      </DataList.Item>
                      <DataList.Item>
                        <DataList.ItemLabel color="fg">{LL.careers.type()}</DataList.ItemLabel>
                        <DataList.ItemValue>{opening.type()}</DataList.ItemValue>
                      </DataList.Item>
                      <DataList.Item>
                        <DataList.ItemLabel color="fg">{LL.careers.salary()}</DataList.ItemLabel>
                        <DataList.ItemValue>
                          {LL.careers.salaryRange({ min: formatMoney(salary.min, locale), max: formatMoney(salary.max, locale) })}
                        </DataList.ItemValue>
                      </DataList.Item>
                    </DataList.Root>
                  </Box>
                  <Button asChild colorPalette="blue" flexShrink={0}>
                    <Link href="/contact">
                      {LL.careers.apply({ title: opening.title() })}
                    </Link>
                  </Button>
                </Flex>
              </Box>
            );
          })}
        </Stack>
        <Text mt={6} color="fg">
          {LL.careers.applyHint()}
        </Text>
      </PageSection>
    </PublicLayout>
  );
}
