import { Box, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useI18nContext } from '../i18n/i18n-react.tsx';
import { PublicLayout } from '../modules/landing/components/public-layout.component.tsx';
import { CardGrid } from '../modules/pages/components/card-grid.component.tsx';
import { PageIntro } from '../modules/pages/components/page-intro.component.tsx';
import { PageSection } from '../modules/pages/components/page-section.component.tsx';
import { formatDate, MEDIA_KIT, PRESS_EMAIL, PRESS_RELEASES } from '../modules/pages/utils/static-pages.util.ts';
import { useDocumentHead } from '../modules/seo/hooks/use-document-head.hook.ts';

export default function PressPage() {
  const { LL, locale } = useI18nContext();
  useDocumentHead({ title: LL.press.metaTitle(), description: LL.press.metaDescription(), path: '/press' });
  return (
    <PublicLayout>
      <PageIntro title={LL.press.title()} intro={LL.press.intro()} />
      <PageSection id="releases" title={LL.press.releasesTitle()}>
        <Stack as="ul" listStyleType="none" gap={4}>
          {PRESS_RELEASES.map(({ key, date }) => (
            <Box as="li" key={key} borderWidth="1px" borderColor="border" borderRadius="lg" p={6} data-testid={`release-${key}`}>
              <Box as="article" aria-labelledby={`release-${key}-title`}>
                <Text asChild fontSize="sm" color="fg" display="block" mb={1}>
                  <time dateTime={date}>{formatDate(date, locale)}</time>
                </Text>
                <Heading as="h3" id={`release-${key}-title`} size="lg" mb={2}>
                  {LL.press.releases[key].title()}
                </Heading>
                <Text>{LL.press.releases[key].summary()}</Text>
              </Box>
            </Box>
          ))}
        </Stack>
      </PageSection>
      <PageSection id="media-kit" title={LL.press.mediaKitTitle()} muted>
        <Text mb={6}>{LL.press.mediaKitIntro()}</Text>
        <CardGrid columns={4} items={MEDIA_KIT.map((key) => ({ key, title: LL.press.mediaKit[key].title(), text: LL.press.mediaKit[key].text() }))} />
      </PageSection>
      <PageSection id="media-contact" title={LL.press.contactTitle()}>
        <Text mb={3}>{LL.press.contactText()}</Text>
        <ChakraLink href={`mailto:${PRESS_EMAIL}`} color="blue.700" _dark={{ color: 'blue.300' }} fontWeight="semibold" textDecoration="underline" dir="ltr">
          {PRESS_EMAIL}
        </ChakraLink>
      </PageSection>
    </PublicLayout>
  );
}
