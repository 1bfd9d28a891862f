import { Box, Button, Container, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useI18nContext } from '../i18n/i18n-react.tsx';
import { serverMessage } from '../modules/api/server-message.util.ts';
import { PublicLayout } from '../modules/landing/components/public-layout.component.tsx';
import { useNewsletterConfirm } from '../modules/newsletter/hooks/use-newsletter-confirm.hook.ts';
import { useDocumentHead } from '../modules/seo/hooks/use-document-head.hook.ts';

/** `/newsletter/confirm?token=...`: the link of the double opt-in mail. */
export default function NewsletterConfirmPage() {
  const { LL } = useI18nContext();
  const t = LL.newsletter.confirm;
  useDocumentHead({ title: t.metaTitle(), description: t.metaDescription(), path: '/newsletter/confirm' });
  const { state, retry } = useNewsletterConfirm();

  const icon = (ok: boolean) => (
    <Box color={ok ? 'green.600' : 'red.600'} aria-hidden="true">
      <svg width="64" height="64" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="12" cy="12" r="10" />
        {ok ? <path d="M7.5 12.5l3 3 6-6.5" strokeLinecap="round" strokeLinejoin="round" /> : <path d="M9 9l6 6M15 9l-6 6" strokeLinecap="round" />}
      </svg>
    </Box>
  );

  let title: string;
  let body: ReactNode;
  if (state.phase === 'confirming') {
    title = t.confirming();
    body = <Spinner size="lg" color="blue.600" />;
  } else if (state.phase === 'confirmed') {
    title = t.successTitle();
    body = (
      <>
        {icon(true)}
        <Text fontSize="lg">{t.successText()}</Text>
      </>
    );
  } else {
    title = t.invalidTitle();
    const text =
      state.phase === 'missing' ? t.missingToken() : state.phase === 'invalid' ? t.invalidText() : state.failure.kind === 'server' ? (serverMessage(state.failure, LL) ?? t.errorText()) : t.errorText();
    body = (
      <>
        {icon(false)}
        <Text fontSize="lg">{text}</Text>
        {state.phase === 'failed' ? (
          <Button variant="outline" onClick={retry}>
            {t.retry()}
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <PublicLayout>
      <Container maxW="2xl" py={{ base: 16, md: 24 }}>
        <Stack align="center" textAlign="center" gap={6} data-testid="newsletter-confirm" data-state={state.phase} aria-live="polite">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {title}
          </Heading>
          {body}
          {state.phase !== 'confirming' ? (
            <Stack direction={{ base: 'column', sm: 'row' }} gap={3}>
              <Button asChild colorPalette="blue">
                <Link href="/">{t.home()}</Link>
              </Button>
              <Button asChild variant="outline">
                <Link href="/blog">{t.blog()}</Link>
              </Button>
            </Stack>
          ) : null}
        </Stack>
      </Container>
    </PublicLayout>
  );
}
