import { Badge, Box, Heading, HStack, Image, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { Article } from '../content/article.types.ts';
import { CATEGORY_LABEL_KEY } from '../utils/article-format.util.ts';
import { ArticleMeta } from './article-meta.component.tsx';
import { AuthorAvatar } from './author-avatar.component.tsx';

interface ArticleCardProps {
  article: Article;
  /** The heading level of the card's title under the section's heading. */
  headingLevel?: 'h2' | 'h3';
  featured?: boolean;
  testId?: string;
}

/** One article in a list: the whole card is a link to it (its title is the link's text). */
export function ArticleCard({ article, headingLevel = 'h3', featured = false, testId = 'article-card' }: ArticleCardProps) {
  const { LL } = useI18nContext();
  return (
    <LinkBox
      as="article"
      data-testid={testId}
      data-slug={article.slug}
      borderWidth="1px"
      borderColor="border"
      rounded="xl"
      overflow="hidden"
      bg="bg"
      shadow="sm"
      transition="box-shadow 0.2s"
      _hover={{ shadow: 'md' }}
      _focusWithin={{ outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '2px' }}
      display="flex"
      flexDirection="column"
    >
      <Image src={article.image.url} alt="" aspectRatio={16 / 9} w="full" h="auto" objectFit="cover" htmlWidth={640} htmlHeight={360} />
      <Stack gap={3} p={5} flex="1">
        <HStack gap={2} flexWrap="wrap">
          <Badge colorPalette="blue" variant="subtle" data-testid="article-category">
            {LL.blog.categories[CATEGORY_LABEL_KEY[article.category]]()}
          </Badge>
          {featured && (
            <Badge colorPalette="orange" variant="subtle">
              {LL.blog.featuredBadge()}
            </Badge>
          )}
        </HStack>
        <Heading as={headingLevel} size={featured ? 'xl' : 'lg'} lineHeight="1.3">
          <LinkOverlay asChild>
            <Link href={`/blog/${article.slug}`}>{article.title}</Link>
          </LinkOverlay>
        </Heading>
        <Text color="fg.muted" flex="1">
          {article.excerpt}
        </Text>
        <HStack gap={3}>
          <AuthorAvatar initials={article.author.avatar} size={8} />
          <Box>
            <Text fontSize="sm" fontWeight="medium">
              {article.author.name}
            </Text>
            <ArticleMeta article={article} />
          </Box>
        </HStack>
      </Stack>
    </LinkBox>
  );
}
