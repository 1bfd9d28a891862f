import { Box, Button, Container, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { isLocale } from '../../../i18n/i18n-util.ts';
import { PublicLayout } from '../../landing/components/public-layout.component.tsx';
import { useDocumentHead } from '../../seo/hooks/use-document-head.hook.ts';
import { useLanguage } from '../../ui/hooks/use-language.hook.ts';
import { useEmbedHeight } from '../hooks/use-embed-height.hook.ts';
import { useFormView } from '../hooks/use-form-view.hook.ts';
import { usePublicForm } from '../hooks/use-public-form.hook.ts';
import { formPageContext, PublicFormError } from '../utils/public-form.util.ts';
import { LeadForm } from './lead-form.component.tsx';

/**
 * `/f/<slug>` (issue 16): a published lead form, hosted on our site (with its header and footer) or, with
 * `?embed=1`, inside another site's iframe (the embed script `/embed/forms.js`: no site chrome, the height
 * reported to the host page). UTM parameters and the referrer come from the page's URL; `?lang=` picks the
 * language. An unknown, inactive or deleted form is a friendly not-found.
 */
export default function LeadFormPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const { LL, locale } = useI18nContext();
  const t = LL.leadforms;
  const { changeLanguage } = useLanguage();
  const context = useMemo(() => formPageContext(window.location.search, document.referrer), []);
  const embed = context.channel === 'embed';
  const query = usePublicForm(slug);
  const loaded = query.data ?? null;
  const content = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (context.lang && isLocale(context.lang) && context.lang !== locale) void changeLanguage(context.lang);
    // Only the URL's language, once: a later choice in the switcher wins.
  }, []);
  useDocumentHead({ title: loaded ? loaded.form.title : t.loading(), description: loaded?.form.description ?? t.metaDescription(), path: `/f/${slug}` });
  useFormView(slug, loaded?.formToken ?? null, loaded?.form.analytics ?? false, context);
  useEmbedHeight(slug, embed, content);

  const notFound = query.error instanceof PublicFormError && (query.error.failure.kind === 'not_found' || (query.error.failure.kind === 'server' && query.error.failure.status === 403));
  let body: ReactNode;
  if (loaded) body = <LeadForm slug={slug} loaded={loaded} context={context} />;
  else if (query.isPending)
    body = (
      <Stack align="center" py={12} data-testid="lead-form-loading">
        <Spinner size="lg" color="blue.600" />
        <Text color="fg.muted">{t.loading()}</Text>
      </Stack>
    );
  else if (notFound)
    body = (
      <Stack align="center" textAlign="center" gap={4} py={12} data-testid="lead-form-not-found">
        <Heading as="h1" size="2xl">
          {t.notFoundTitle()}
        </Heading>
        <Text color="fg.muted">{t.notFoundText()}</Text>
        {embed ? null : (
          <Button asChild colorPalette="blue">
            <Link href="/">{t.home()}</Link>
          </Button>
        )}
      </Stack>
    );
  else
    body = (
      <Stack align="center" textAlign="center" gap={4} py={12} data-testid="lead-form-load-error" role="alert">
        <Text>{t.loadFailed()}</Text>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t.retry()}
        </Button>
      </Stack>
    );

  if (embed) {
    return (
      <Box as="main" ref={content} p={{ base: 4, md: 6 }} data-testid="lead-form-page" data-channel="embed">
        {body}
      </Box>
    );
  }
  return (
    <PublicLayout>
      <Container maxW="2xl" py={{ base: 10, md: 16 }} data-testid="lead-form-page" data-channel="hosted">
        <Box ref={content} borderWidth="1px" borderColor="border" rounded="xl" p={{ base: 5, md: 8 }} bg="bg" shadow="sm">
          {body}
        </Box>
      </Container>
    </PublicLayout>
  );
}
