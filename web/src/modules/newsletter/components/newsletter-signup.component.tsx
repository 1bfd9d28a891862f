import { Alert, Box, Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import type { NewsletterSource } from '@crm/contracts/newsletter/newsletter.rules';
import { useId, useRef } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { serverMessage } from '../../api/server-message.util.ts';
import { useNewsletterSubscribe } from '../hooks/use-newsletter-subscribe.hook.ts';

/**
 * The newsletter e-mail box with Subscribe Now (blog and footer). Double opt-in: the visitor is asked to open
 * the link mailed to them. `source="footer"` is drawn for the footer's dark background.
 */
export function NewsletterSignup({ source }: { source: NewsletterSource }) {
  const { LL } = useI18nContext();
  const t = LL.newsletter;
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { email, setEmail, state, submit, submitting } = useNewsletterSubscribe(source);
  const dark = source === 'footer';
  const invalid = state.phase === 'invalid';

  return (
    <Box
      // In the footer it is part of the footer's landmark; on the blog it is a section of its own.
      as={dark ? 'div' : 'section'}
      aria-labelledby={dark ? undefined : `${id}-title`}
      data-testid={`newsletter-${source}`}
      {...(dark ? {} : { bg: 'blue.50', _dark: { bg: 'gray.800' }, rounded: 'xl', p: { base: 6, md: 8 } })}
    >
      <Heading as="h2" id={`${id}-title`} size={dark ? 'sm' : 'xl'} color={dark ? 'white' : undefined} mb={2}>
        {t.title()}
      </Heading>
      <Text fontSize="sm" color={dark ? 'gray.300' : 'fg'} mb={4}>
        {t.text()}
      </Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit().then((ok) => {
            if (!ok) inputRef.current?.focus();
          });
        }}
      >
        <Stack direction={{ base: 'column', sm: 'row' }} gap={3} align={{ sm: 'flex-start' }}>
          <Field.Root invalid={invalid} flex="1">
            <Field.Label srOnly={dark ? false : true} color={dark ? 'gray.200' : undefined} fontSize="sm">
              {t.emailLabel()}
            </Field.Label>
            <Input
              ref={inputRef}
              name="email"
              type="email"
              autoComplete="email"
              dir="ltr"
              placeholder={t.placeholder()}
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              bg={dark ? 'white' : 'bg'}
              color={dark ? 'gray.900' : undefined}
              _placeholder={dark ? { color: 'gray.600' } : undefined}
            />
            <Field.ErrorText color={dark ? 'red.300' : 'red.700'} data-testid={`newsletter-${source}-error`}>
              {state.phase === 'invalid' ? (state.reason === 'required' ? t.required() : t.invalidEmail()) : null}
            </Field.ErrorText>
          </Field.Root>
          <Button type="submit" colorPalette="blue" loading={submitting} loadingText={t.subscribing()} alignSelf={{ base: 'stretch', sm: dark ? 'flex-end' : 'flex-start' }} flexShrink={0}>
            {t.subscribe()}
          </Button>
        </Stack>
      </form>
      <Box aria-live="polite" mt={state.phase === 'sent' || state.phase === 'failed' ? 3 : 0}>
        {state.phase === 'sent' ? (
          <Alert.Root status="success" data-testid={`newsletter-${source}-sent`}>
            <Alert.Indicator />
            <Alert.Description>{t.checkInbox()}</Alert.Description>
          </Alert.Root>
        ) : null}
        {state.phase === 'failed' ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{state.failure.kind === 'network' ? t.network() : (serverMessage(state.failure, LL) ?? t.failed())}</Alert.Description>
          </Alert.Root>
        ) : null}
      </Box>
    </Box>
  );
}
