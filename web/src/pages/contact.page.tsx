import { Container, Grid } from '@chakra-ui/react';
import { useI18nContext } from '../i18n/i18n-react.tsx';
import { ContactForm } from '../modules/contact/components/contact-form.component.tsx';
import { ContactInfo } from '../modules/contact/components/contact-info.component.tsx';
import { ContactToaster } from '../modules/contact/components/contact-toaster.component.tsx';
import { PublicLayout } from '../modules/landing/components/public-layout.component.tsx';
import { PageIntro } from '../modules/pages/components/page-intro.component.tsx';
import { useDocumentHead } from '../modules/seo/hooks/use-document-head.hook.ts';

/** `/contact` (spec 01 §2 "Contact"): the form, three offices, business hours and the response promise. */
export default function ContactPage() {
  const { LL } = useI18nContext();
  useDocumentHead({
    title: LL.contactPage.metaTitle(),
    description: LL.contactPage.metaDescription(),
    path: '/contact',
    jsonLd: { '@context': 'https://schema.org', '@type': 'ContactPage', name: LL.contactPage.title(), description: LL.contactPage.metaDescription() },
  });
  return (
    <PublicLayout>
      <PageIntro title={LL.contactPage.title()} intro={LL.contactPage.intro()} />
      <Container maxW="6xl" py={{ base: 10, md: 14 }}>
        <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap={{ base: 10, lg: 12 }} alignItems="start">
          <ContactForm />
          <ContactInfo />
        </Grid>
      </Container>
      <ContactToaster />
    </PublicLayout>
  );
}
