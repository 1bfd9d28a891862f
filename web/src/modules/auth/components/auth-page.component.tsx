import { Box, Card, Center, HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'wouter';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { BrandLogo } from '../../ui/components/brand-logo.component.tsx';
import { LanguageSwitcher } from '../../ui/components/language-switcher.component.tsx';

/** The frame of the public account pages (login, register, forgot and reset password): logo, language, one card. */
export function AuthPage({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  const { LL } = useI18nContext();
  return (
    <Center as="main" minH="100vh" bg="bg.subtle" px={4} py={10}>
      <Stack gap={6} width="full" maxW="md">
        <HStack justify="space-between">
          <BrandLogo />
          <LanguageSwitcher placement="desktop" />
        </HStack>
        <Card.Root>
          <Card.Body>
            <Stack gap={6}>
              <Box>
                <Heading as="h1" size="xl">
                  {title}
                </Heading>
                {subtitle ? (
                  <Text color="fg.muted" mt={1}>
                    {subtitle}
                  </Text>
                ) : null}
              </Box>
              {children}
            </Stack>
          </Card.Body>
        </Card.Root>
        <Link asChild alignSelf="center" fontSize="sm" color="fg.muted">
          <RouterLink href="/">{LL.admin.backToSite()}</RouterLink>
        </Link>
      </Stack>
    </Center>
  );
}
