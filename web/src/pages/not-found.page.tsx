import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { Link, useLocation } from 'wouter';
import { useDocumentHead } from '../modules/seo/hooks/use-document-head.hook.ts';
import { useI18nContext } from '../i18n/i18n-react.tsx';

export function NotFoundPage() {
  const { LL } = useI18nContext();
  const [location] = useLocation();
  useDocumentHead({ title: LL.notFound.title(), description: LL.notFound.text(), path: location });
  return (
    <Center as="main" minH="100vh" px={6}>
      <Stack gap={4} align="center" textAlign="center">
        <Heading as="h1" size="2xl">
          {LL.notFound.title()}
        </Heading>
        <Text color="fg.muted">{LL.notFound.text()}</Text>
        <Button asChild colorPalette="blue">
          <Link href="/">{LL.notFound.home()}</Link>
        </Button>
      </Stack>
    </Center>
  );
}
