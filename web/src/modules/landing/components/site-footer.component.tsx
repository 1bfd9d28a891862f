import { Box, Container, Grid, HStack, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { NewsletterSignup } from '../../newsletter/components/newsletter-signup.component.tsx';
import { FOOTER_COLUMNS, SOCIAL_LINKS, SUPPORT_EMAIL, SUPPORT_PHONE } from '../utils/landing-content.util.ts';

const SOCIAL_ICONS: Record<(typeof SOCIAL_LINKS)[number]['key'], ReactNode> = {
  linkedin: (
    <path d="M4.98 3.5a2.5 2.5 0 11-.01 5 2.5 2.5 0 01.01-5zM3 9.5h4V21H3zM9.5 9.5h3.8v1.6h.05c.53-1 1.83-2.05 3.77-2.05 4.03 0 4.78 2.65 4.78 6.1V21h-4v-5.1c0-1.22-.02-2.79-1.7-2.79-1.7 0-1.96 1.33-1.96 2.7V21h-4z" />
  ),
  x: <path d="M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.2L2 3h6.33l4.37 5.77zm-1.08 16.2h1.7L7.4 4.73H5.57z" />,
  facebook: (
    <path d="M13.5 21v-7.5h2.52l.38-2.93h-2.9V8.7c0-.85.24-1.43 1.45-1.43h1.55V4.65a20.7 20.7 0 00-2.26-.12c-2.24 0-3.77 1.37-3.77 3.88v2.16H7.95v2.93h2.52V21z" />
  ),
};

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="nav" aria-label={title} gap={4}>
      <Heading as="h2" size="sm" color="white" fontWeight="semibold">
        {title}
      </Heading>
      <Stack as="ul" listStyleType="none" gap={2.5} m={0} p={0}>
        {children}
      </Stack>
    </Stack>
  );
}

const linkStyle = {
  color: 'gray.300',
  fontSize: 'sm',
  _hover: { color: 'white', textDecoration: 'underline' },
  _focusVisible: { outline: '2px solid', outlineColor: 'blue.300', outlineOffset: '2px' },
} as const;

/** The site footer (anchor `contact`): Product, Company, Support, Legal and Contact columns, social links, newsletter. */
export function SiteFooter() {
  const { LL } = useI18nContext();
  const t = LL.landing.footer;
  return (
    <Box as="footer" id="contact" bg="gray.900" color="gray.300" scrollMarginTop="4.5rem" data-testid="site-footer">
      <Container maxW="7xl" pt={{ base: 12, md: 16 }} pb={8}>
        <Grid templateColumns={{ base: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: '1.5fr repeat(4, 1fr) 1.5fr' }} gap={{ base: 10, lg: 8 }}>
          <Stack gap={5} gridColumn={{ base: '1 / -1', lg: 'auto' }}>
            <HStack gap={2} dir="ltr" alignSelf="flex-start">
              <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
                <rect width="32" height="32" rx="8" fill="#2563eb" />
                <path d="M9 22V10h3l8 8v-8h3v12h-3l-8-8v8z" fill="#fff" />
              </svg>
              <Text as="span" fontWeight="bold" fontSize="lg" color="white">
                {LL.brand.name()}
              </Text>
            </HStack>
            <Text fontSize="sm" maxW="xs">
              {t.tagline()}
            </Text>
            <Stack gap={2}>
              <Text fontSize="sm" fontWeight="semibold" color="white">
                {t.socialLabel()}
              </Text>
              <HStack as="ul" listStyleType="none" gap={2} m={0} p={0}>
                {SOCIAL_LINKS.map((social) => (
                  <li key={social.key}>
                    <ChakraLink
                      href={social.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t[social.key]()}
                      display="inline-flex"
                      p={2}
                      rounded="full"
                      bg="whiteAlpha.200"
                      color="white"
                      _hover={{ bg: 'blue.600' }}
                      _focusVisible={linkStyle._focusVisible}
                      data-testid={`social-${social.key}`}
                    >
                      <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
                        {SOCIAL_ICONS[social.key]}
                      </svg>
                    </ChakraLink>
                  </li>
                ))}
              </HStack>
            </Stack>
          </Stack>
          {FOOTER_COLUMNS.map((column) => (
            <FooterColumn key={column.key} title={t[column.key]()}>
              {column.links.map((link) => (
                <li key={link.key}>
                  {'external' in link ? (
                    <ChakraLink href={link.href} {...linkStyle}>
                      {t[link.key]()}
                    </ChakraLink>
                  ) : (
                    <ChakraLink asChild {...linkStyle}>
                      <Link href={link.href}>{t[link.key]()}</Link>
                    </ChakraLink>
                  )}
                </li>
              ))}
            </FooterColumn>
          ))}
          <Stack gap={4} gridColumn={{ base: '1 / -1', md: 'auto' }}>
            <Heading as="h2" size="sm" color="white" fontWeight="semibold">
              {t.contact()}
            </Heading>
            <Stack as="address" fontStyle="normal" gap={2.5} fontSize="sm">
              <ChakraLink
                href={SUPPORT_PHONE.href}
                {...linkStyle}
                dir="ltr"
                alignSelf="flex-start"
                aria-label={`${t.phoneLabel()}: ${SUPPORT_PHONE.display}`}
              >
                {SUPPORT_PHONE.display}
              </ChakraLink>
              <ChakraLink
                href={SUPPORT_EMAIL.href}
                {...linkStyle}
                dir="ltr"
                alignSelf="flex-start"
                aria-label={`${t.emailLabel()}: ${SUPPORT_EMAIL.display}`}
              >
                {SUPPORT_EMAIL.display}
              </ChakraLink>
              <Text fontSize="sm">{t.hours()}</Text>
            </Stack>
          </Stack>
        </Grid>
        <Box mt={{ base: 10, md: 12 }} pt={8} borderTopWidth="1px" borderColor="whiteAlpha.200">
          <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'flex-start', md: 'center' }} gap={6}>
            <Box flex="1" maxW={{ md: 'lg' }}>
              <NewsletterSignup source="footer" />
            </Box>
            <Text fontSize="sm">{t.copyright({ year: String(new Date().getFullYear()) })}</Text>
          </Stack>
        </Box>
      </Container>
    </Box>
  );
}
