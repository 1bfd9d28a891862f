import { Container, Text } from '@chakra-ui/react';
import { useI18nContext } from '../i18n/i18n-react.tsx';
import { CookiePreferencesForm } from '../modules/consent/components/cookie-preferences-form.component.tsx';
import { PublicLayout } from '../modules/landing/components/public-layout.component.tsx';
import { PageIntro } from '../modules/pages/components/page-intro.component.tsx';
import { formatDate, LEGAL_LAST_UPDATED } from '../modules/pages/utils/static-pages.util.ts';
import { useDocumentHead } from '../modules/seo/hooks/use-document-head.hook.ts';

export default function CookiesPage() {
  const { LL, locale } = useI18nContext();
  useDocumentHead({ title: LL.cookies.metaTitle(), description: LL.cookies.metaDescription(), path: '/cookies' });
  return (
    <PublicLayout>
      <PageIntro title={LL.cookies.title()} intro={LL.cookies.intro()}>
        <Text mt={4} fontSize="sm" color="fg">
          {LL.staticPages.lastUpdated({ date: formatDate(LEGAL_LAST_UPDATED, locale) })}
        </Text>
      </PageIntro>
      <Container maxW="4xl" py={{ base: 10, md: 14 }}>
        <CookiePreferencesForm />
      </Container>
    </PublicLayout>
  );
}
