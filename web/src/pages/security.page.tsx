import { Box, Link as ChakraLink, Text } from '@chakra-ui/react';
import { useI18nContext } from '../i18n/i18n-react.tsx';
import { PublicLayout } from '../modules/landing/components/public-layout.component.tsx';
import { CardGrid } from '../modules/pages/components/card-grid.component.tsx';
import { PageIntro } from '../modules/pages/components/page-intro.component.tsx';
import { PageSection } from '../modules/pages/components/page-section.component.tsx';
import { SECURITY_CERTIFICATIONS, SECURITY_EMAIL, SECURITY_FEATURES, SECURITY_PRACTICES } from '../modules/pages/utils/static-pages.util.ts';
import { useDocumentHead } from '../modules/seo/hooks/use-document-head.hook.ts';

/** What the product really does (docs/SECURITY.md), in visitors' words. */
export default function SecurityPage() {
  const { LL } = useI18nContext();
  useDocumentHead({ title: LL.securityPage.metaTitle(), description: LL.securityPage.metaDescription(), path: '/security' });
  return (
    <PublicLayout>
      <PageIntro title={LL.securityPage.title()} intro={LL.securityPage.intro()} />
      <PageSection id="features" title={LL.securityPage.featuresTitle()}>
        <CardGrid items={SECURITY_FEATURES.map((key) => ({ key, title: LL.securityPage.features[key].title(), text: LL.securityPage.features[key].text() }))} />
      </PageSection>
      <PageSection id="standards" title={LL.securityPage.certificationsTitle()} muted>
        <CardGrid items={SECURITY_CERTIFICATIONS.map((key) => ({ key, title: LL.securityPage.certifications[key].title(), text: LL.securityPage.certifications[key].text() }))} />
      </PageSection>
      <PageSection id="best-practices" title={LL.securityPage.practicesTitle()}>
        <Box as="ul" listStyleType="disc" ps={6} maxW="4xl">
          {SECURITY_PRACTICES.map((key) => (
            <Box as="li" key={key} mb={2}>
              {LL.securityPage.practices[key]()}
            </Box>
          ))}
        </Box>
      </PageSection>
      <PageSection id="report" title={LL.securityPage.reportTitle()} muted>
        <Text mb={3} maxW="4xl">
          {LL.securityPage.reportText()}
        </Text>
        <ChakraLink href={`mailto:${SECURITY_EMAIL}`} color="blue.700" _dark={{ color: 'blue.300' }} fontWeight="semibold" textDecoration="underline" dir="ltr">
          {SECURITY_EMAIL}
        </ChakraLink>
      </PageSection>
    </PublicLayout>
  );
}
