import { Box, Button, Container, Flex, Stack, Text } from '@chakra-ui/react';
import { Link, useLocation } from 'wouter';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { useCookiePreferences } from '../hooks/use-cookie-preferences.hook.ts';

/**
 * First-visit cookie consent: shown until the visitor chooses (nothing saved under `cookiePreferences`).
 * A labelled region pinned to the bottom of the viewport, not a modal: the page stays usable, nothing is
 * tracked until a choice is made. First in the layout's DOM order, so keyboard users reach it first.
 * Not shown on /cookies, which is the full choice itself.
 */
export function CookieConsentBanner() {
  const { LL } = useI18nContext();
  const [location] = useLocation();
  const { hasChosen, acceptAll, rejectOptional } = useCookiePreferences();
  if (hasChosen || location === '/cookies') return null;
  return (
    <Box
      as="section"
      aria-labelledby="cookie-consent-title"
      data-testid="cookie-consent"
      position="fixed"
      insetX={0}
      bottom={0}
      zIndex="banner"
      bg="bg.panel"
      borderTopWidth="1px"
      borderColor="border"
      boxShadow="lg"
      py={4}
    >
      <Container maxW="7xl">
        <Flex direction={{ base: 'column', md: 'row' }} gap={4} align={{ base: 'stretch', md: 'center' }} justify="space-between">
          <Stack gap={1} maxW="3xl">
            <Text id="cookie-consent-title" fontWeight="semibold">
              {LL.consent.title()}
            </Text>
            <Text fontSize="sm" color="fg">
              {LL.consent.text()}
            </Text>
          </Stack>
          <Flex gap={2} wrap="wrap" flexShrink={0}>
            <Button size="sm" variant="outline" asChild>
              <Link href="/cookies">{LL.consent.customise()}</Link>
            </Button>
            <Button size="sm" variant="outline" onClick={rejectOptional}>
              {LL.consent.rejectOptional()}
            </Button>
            <Button size="sm" colorPalette="blue" onClick={acceptAll}>
              {LL.consent.acceptAll()}
            </Button>
          </Flex>
        </Flex>
      </Container>
    </Box>
  );
}
