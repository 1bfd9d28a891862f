import { Alert, Badge, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { useCookiePreferences } from '../hooks/use-cookie-preferences.hook.ts';
import { ToggleSwitch } from './toggle-switch.component.tsx';
import { COOKIE_CATEGORIES, type CookiePreferences } from '../utils/cookie-preferences.util.ts';

/** The /cookies page's four categories with their toggles; saved to localStorage `cookiePreferences`. */
export function CookiePreferencesForm() {
  const { LL } = useI18nContext();
  const { saved, preferences, save, acceptAll, rejectOptional } = useCookiePreferences();
  const [draft, setDraft] = useState<CookiePreferences>(preferences);
  const [justSaved, setJustSaved] = useState(false);

  // A choice made elsewhere (another tab) replaces the draft.
  useEffect(() => setDraft(preferences), [preferences]);

  const done = (action: () => void) => {
    action();
    setJustSaved(true);
  };

  return (
    <Box
      as="form"
      aria-labelledby="cookie-categories-title"
      onSubmit={(event) => {
        event.preventDefault();
        done(() => save(draft));
      }}
    >
      <Heading as="h2" id="cookie-categories-title" size="2xl" mb={6}>
        {LL.cookies.categoriesTitle()}
      </Heading>
      <Stack as="ul" listStyleType="none" gap={4} mb={8}>
        {COOKIE_CATEGORIES.map((category) => {
          const necessary = category === 'necessary';
          const titleId = `cookie-${category}-title`;
          const textId = `cookie-${category}-text`;
          return (
            <Box as="li" key={category} borderWidth="1px" borderColor="border" borderRadius="lg" p={6} data-testid={`cookie-category-${category}`}>
              <Flex justify="space-between" align="start" gap={6}>
                <Box>
                  <Flex align="center" gap={3} mb={2} wrap="wrap">
                    <Heading as="h3" size="md" id={titleId}>
                      {LL.cookies.categories[category].title()}
                    </Heading>
                    {necessary && (
                      <Badge colorPalette="green" variant="subtle">
                        {LL.cookies.alwaysOn()}
                      </Badge>
                    )}
                  </Flex>
                  <Text id={textId}>{LL.cookies.categories[category].text()}</Text>
                </Box>
                <ToggleSwitch
                  checked={necessary ? true : draft[category]}
                  disabled={necessary}
                  labelledBy={titleId}
                  describedBy={textId}
                  testId={`cookie-toggle-${category}`}
                  onChange={(checked) => {
                    setJustSaved(false);
                    if (!necessary) setDraft((current) => ({ ...current, [category]: checked }));
                  }}
                />
              </Flex>
            </Box>
          );
        })}
      </Stack>
      <Flex gap={3} wrap="wrap">
        <Button type="submit" colorPalette="blue">
          {LL.cookies.save()}
        </Button>
        <Button type="button" variant="outline" onClick={() => done(acceptAll)}>
          {LL.cookies.acceptAll()}
        </Button>
        <Button type="button" variant="outline" onClick={() => done(rejectOptional)}>
          {LL.cookies.rejectOptional()}
        </Button>
      </Flex>
      <Box role="status" mt={6}>
        {justSaved ? (
          <Alert.Root status="success">
            <Alert.Indicator />
            <Alert.Title>{LL.cookies.saved()}</Alert.Title>
          </Alert.Root>
        ) : saved === null ? (
          <Text color="fg">{LL.cookies.notChosen()}</Text>
        ) : null}
      </Box>
    </Box>
  );
}
