import { Badge, Box, Button, Container, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { useI18nContext } from '../i18n/i18n-react.tsx';
import { PublicLayout } from '../modules/landing/components/public-layout.component.tsx';
import { CardGrid } from '../modules/pages/components/card-grid.component.tsx';
import { PageIntro } from '../modules/pages/components/page-intro.component.tsx';
import { PageSection } from '../modules/pages/components/page-section.component.tsx';
import { HELP_ARTICLES, HELP_CATEGORIES, searchHelpArticles } from '../modules/pages/utils/help-articles.util.ts';
import { formatCount } from '../modules/pages/utils/static-pages.util.ts';
import { useDocumentHead } from '../modules/seo/hooks/use-document-head.hook.ts';

export default function HelpPage() {
  const { LL, locale } = useI18nContext();
  useDocumentHead({ title: LL.help.metaTitle(), description: LL.help.metaDescription(), path: '/help' });
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const searching = deferred.trim() !== '';
  const results = useMemo(
    () =>
      searchHelpArticles(HELP_ARTICLES, deferred, (article) =>
        [LL.help.articles[article.key].title(), LL.help.articles[article.key].body(), LL.help.categories[article.category].title()].join(' '),
      ),
    [deferred, LL],
  );

  return (
    <PublicLayout>
      <PageIntro title={LL.help.title()} intro={LL.help.intro()}>
        <Field.Root role="search" maxW="xl" mx="auto" mt={8}>
          <Field.Label srOnly>{LL.help.searchLabel()}</Field.Label>
          <Input
            type="search"
            size="lg"
            bg="bg.panel"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={LL.help.searchPlaceholder()}
            aria-controls="help-articles"
            autoComplete="off"
          />
        </Field.Root>
      </PageIntro>

      {!searching && (
        <PageSection id="categories" title={LL.help.categoriesTitle()} muted>
          <CardGrid
            columns={4}
            items={HELP_CATEGORIES.map(({ key, articles }) => ({
              key,
              title: LL.help.categories[key].title(),
              text: LL.help.categories[key].text(),
              children: (
                <Badge mt={4} colorPalette="blue" variant="subtle" data-testid={`category-count-${key}`}>
                  {LL.help.articleCount({ count: formatCount(articles, locale) })}
                </Badge>
              ),
            }))}
          />
        </PageSection>
      )}

      <PageSection id="help-articles" title={searching ? LL.help.resultsTitle() : LL.help.popularTitle()}>
        <Text role="status" mb={4} color="fg">
          {searching ? LL.help.resultsCount({ count: formatCount(results.length, locale) }) : ''}
        </Text>
        {results.length === 0 ? (
          <Stack align="start" gap={3}>
            <Text>{LL.help.noResults({ query: deferred.trim() })}</Text>
            <Button variant="outline" onClick={() => setQuery('')}>
              {LL.help.clearSearch()}
            </Button>
          </Stack>
        ) : (
          <Stack as="ul" listStyleType="none" gap={3} data-testid="help-results">
            {results.map((article) => (
              <Box as="li" key={article.key} borderWidth="1px" borderColor="border" borderRadius="lg" data-testid={`help-article-${article.key}`}>
                <details>
                  <Box as="summary" cursor="pointer" px={5} py={4} fontWeight="semibold" _focusVisible={{ outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '2px' }}>
                    {LL.help.articles[article.key].title()}
                  </Box>
                  <Text px={5} pb={4}>
                    {LL.help.articles[article.key].body()}
                  </Text>
                </details>
              </Box>
            ))}
          </Stack>
        )}
      </PageSection>

      <Box as="section" aria-labelledby="help-contact-title" py={12} bg="bg.subtle">
        <Container maxW="3xl" textAlign="center">
          <Heading as="h2" id="help-contact-title" size="xl" mb={4}>
            {LL.help.stillNeedHelp()}
          </Heading>
          <Button asChild colorPalette="blue">
            <Link href="/contact">{LL.help.contactSupport()}</Link>
          </Button>
        </Container>
      </Box>
    </PublicLayout>
  );
}
