import { Badge, Box, Button, Container, Grid, Heading, HStack, Image, Stack, Text, Wrap } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link, Redirect, useParams } from 'wouter';
import { useI18nContext } from '../i18n/i18n-react.tsx';
import { ArticleCard } from '../modules/blog/components/article-card.component.tsx';
import { ArticleCta } from '../modules/blog/components/article-cta.component.tsx';
import { ArticleMarkup } from '../modules/blog/components/article-markup.component.tsx';
import { ArticleMeta } from '../modules/blog/components/article-meta.component.tsx';
import { AuthorAvatar } from '../modules/blog/components/author-avatar.component.tsx';
import { ShareButton } from '../modules/blog/components/share-button.component.tsx';
import type { Article } from '../modules/blog/content/article.types.ts';
import { articlesFor, tagLabelsFor } from '../modules/blog/content/blog-content.ts';
import { articleJsonLd } from '../modules/blog/utils/article-json-ld.util.ts';
import { CATEGORY_LABEL_KEY } from '../modules/blog/utils/article-format.util.ts';
import { relatedArticles } from '../modules/blog/utils/related-articles.util.ts';
import { PublicLayout } from '../modules/landing/components/public-layout.component.tsx';
import { useDocumentHead } from '../modules/seo/hooks/use-document-head.hook.ts';

function ArticleView({ article, all }: { article: Article; all: readonly Article[] }) {
  const { LL, locale } = useI18nContext();
  const related = useMemo(() => relatedArticles(article, all), [article, all]);
  const tagLabels = tagLabelsFor(locale);
  const jsonLd = useMemo(() => articleJsonLd(article, window.location.origin, locale, LL.brand.name()), [article, locale, LL]);

  useDocumentHead({
    title: article.seo.metaTitle,
    description: article.seo.metaDescription,
    keywords: article.seo.keywords,
    path: `/blog/${article.slug}`,
    ogType: 'article',
    jsonLd,
  });

  return (
    <PublicLayout>
      <Container as="article" maxW="3xl" py={{ base: 8, md: 14 }} data-testid="article">
        <Stack gap={6}>
          <Box as="nav" aria-label={LL.blog.article.breadcrumb()}>
            <Button asChild variant="plain" size="sm" px={0} color="blue.700">
              <Link href="/blog">
                <span aria-hidden="true">{locale === 'ar' ? '→' : '←'}</span> {LL.blog.article.backToBlog()}
              </Link>
            </Button>
          </Box>
          <Stack gap={4}>
            <HStack>
              <Badge colorPalette="blue" variant="subtle" size="lg" data-testid="article-category">
                {LL.blog.categories[CATEGORY_LABEL_KEY[article.category]]()}
              </Badge>
            </HStack>
            <Heading as="h1" size={{ base: '3xl', md: '4xl' }} lineHeight="1.2" letterSpacing="tight">
              {article.title}
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted">
              {article.excerpt}
            </Text>
            <HStack gap={3} justify="space-between" flexWrap="wrap">
              <HStack gap={3}>
                <AuthorAvatar initials={article.author.avatar} />
                <ArticleMeta article={article} showAuthor />
              </HStack>
              <ShareButton title={article.title} />
            </HStack>
          </Stack>
          <Image src={article.image.url} alt={article.image.alt} rounded="2xl" aspectRatio={16 / 9} w="full" h="auto" htmlWidth={640} htmlHeight={360} />
          <ArticleMarkup source={article.content} />

          <Stack as="section" aria-labelledby="article-tags-title" gap={3}>
            <Heading as="h2" id="article-tags-title" size="md">
              {LL.blog.article.tagsLabel()}
            </Heading>
            <Wrap as="ul" gap={2} listStyleType="none" data-testid="article-tags">
              {article.tags.map((tag) => (
                <li key={tag}>
                  <Badge asChild colorPalette="gray" variant="outline" size="lg" rounded="full" px={3}>
                    <Link href={`/blog?tag=${tag}`}>{tagLabels[tag]}</Link>
                  </Badge>
                </li>
              ))}
            </Wrap>
          </Stack>

          <Stack
            as="section"
            aria-labelledby="article-author-title"
            direction={{ base: 'column', sm: 'row' }}
            gap={5}
            p={6}
            bg="bg.muted"
            rounded="xl"
            data-testid="author-box"
          >
            <AuthorAvatar initials={article.author.avatar} size={16} />
            <Stack gap={1}>
              <Heading as="h2" id="article-author-title" size="sm" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
                {LL.blog.article.aboutAuthor()}
              </Heading>
              <Text fontWeight="bold" fontSize="lg">
                {article.author.name}
              </Text>
              <Text>{article.author.bio}</Text>
            </Stack>
          </Stack>

          <ArticleCta />
        </Stack>
      </Container>

      {related.length > 0 && (
        <Box bg="bg.subtle" py={{ base: 10, md: 14 }}>
          <Container maxW="6xl" as="section" aria-labelledby="article-related-title" data-testid="related-articles">
            <Heading as="h2" id="article-related-title" size="2xl" mb={6}>
              {LL.blog.article.relatedTitle()}
            </Heading>
            <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap={6}>
              {related.map((other) => (
                <ArticleCard key={other.id} article={other} testId="related-article" />
              ))}
            </Grid>
          </Container>
        </Box>
      )}
    </PublicLayout>
  );
}

/** /blog/:slug: the article (spec 01 §2 "Article"); an unknown slug goes back to /blog. */
export default function ArticlePage() {
  const { slug } = useParams<{ slug: string }>();
  const { locale } = useI18nContext();
  const all = articlesFor(locale);
  const article = all.find((a) => a.slug === slug);
  if (!article) return <Redirect to="/blog" replace />;
  return <ArticleView key={article.id} article={article} all={all} />;
}
