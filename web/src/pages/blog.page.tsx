import { Box, Button, Container, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useI18nContext } from '../i18n/i18n-react.tsx';
import { ArticleCard } from '../modules/blog/components/article-card.component.tsx';
import { BlogFilters } from '../modules/blog/components/blog-filters.component.tsx';
import { articlesFor, tagLabelsFor } from '../modules/blog/content/blog-content.ts';
import { useBlogFilters } from '../modules/blog/hooks/use-blog-filters.hook.ts';
import { featuredArticles, filterArticles, hasActiveFilters, topicTags } from '../modules/blog/utils/blog-filters.util.ts';
import { PublicLayout } from '../modules/landing/components/public-layout.component.tsx';
import { NewsletterSignup } from '../modules/newsletter/components/newsletter-signup.component.tsx';
import { useDocumentHead } from '../modules/seo/hooks/use-document-head.hook.ts';

/** /blog: search, category, topics, the Featured section, the result count and the list (spec 01 §2 "Blog"). */
export default function BlogPage() {
  const { LL, locale } = useI18nContext();
  const { filters, setFilters, clear } = useBlogFilters();
  const articles = articlesFor(locale);
  const tags = useMemo(() => topicTags(articles), [articles]);
  const featured = useMemo(() => featuredArticles(articles), [articles]);
  const results = useMemo(() => filterArticles(articles, filters), [articles, filters]);
  const filtering = hasActiveFilters(filters);

  useDocumentHead({
    title: LL.blog.metaTitle(),
    description: LL.blog.metaDescription(),
    path: '/blog',
    keywords: [...new Set(articles.flatMap((a) => a.seo.keywords))].slice(0, 10),
  });

  return (
    <PublicLayout>
      <Box bgGradient="to-b" gradientFrom="blue.50" gradientTo="bg">
        <Container maxW="6xl" py={{ base: 10, md: 16 }}>
          <Stack gap={3} maxW="3xl">
            <Heading as="h1" size={{ base: '3xl', md: '4xl' }} letterSpacing="tight">
              {LL.blog.title()}
            </Heading>
            <Text fontSize={{ base: 'md', md: 'lg' }} color="fg.muted">
              {LL.blog.subtitle()}
            </Text>
          </Stack>
        </Container>
      </Box>
      <Container maxW="6xl" pb={{ base: 12, md: 20 }}>
        <Stack gap={{ base: 10, md: 14 }}>
          <BlogFilters filters={filters} tags={tags} tagLabels={tagLabelsFor(locale)} onChange={setFilters} />

          {!filtering && featured.length > 0 && (
            <Stack as="section" aria-labelledby="blog-featured-title" gap={5} data-testid="featured-articles">
              <Heading as="h2" id="blog-featured-title" size="2xl">
                {LL.blog.featuredTitle()}
              </Heading>
              <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap={6}>
                {featured.map((article) => (
                  <ArticleCard key={article.id} article={article} featured testId="featured-article" />
                ))}
              </Grid>
            </Stack>
          )}

          <Stack as="section" aria-labelledby="blog-all-title" gap={5}>
            <HStack justify="space-between" align="baseline" flexWrap="wrap" gap={2}>
              <Heading as="h2" id="blog-all-title" size="2xl">
                {LL.blog.allArticlesTitle()}
              </Heading>
              <Text role="status" color="fg.muted" data-testid="blog-result-count">
                {LL.blog.resultCount({ count: results.length })}
              </Text>
            </HStack>
            {results.length > 0 ? (
              <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }} gap={6} data-testid="blog-articles">
                {results.map((article) => (
                  <ArticleCard key={article.id} article={article} />
                ))}
              </Grid>
            ) : (
              <Stack align="center" textAlign="center" gap={3} py={12} borderWidth="1px" borderStyle="dashed" borderColor="border" rounded="xl" data-testid="blog-empty">
                <Heading as="h3" size="lg">
                  {LL.blog.noResults()}
                </Heading>
                <Text color="fg.muted">{LL.blog.noResultsHint()}</Text>
                <Button colorPalette="blue" variant="outline" onClick={clear}>
                  {LL.blog.clearFilters()}
                </Button>
              </Stack>
            )}
          </Stack>

          <NewsletterSignup source="blog" />
        </Stack>
      </Container>
    </PublicLayout>
  );
}
