import { HStack, Text } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { Article } from '../content/article.types.ts';
import { formatArticleDate } from '../utils/article-format.util.ts';

/** Date · reading time (and the author on the article page). */
export function ArticleMeta({ article, showAuthor = false }: { article: Article; showAuthor?: boolean }) {
  const { LL, locale } = useI18nContext();
  return (
    <HStack gap={2} flexWrap="wrap" fontSize="sm" color="fg.muted">
      {showAuthor && (
        <>
          <Text data-testid="article-author">{LL.blog.byAuthor({ name: article.author.name })}</Text>
          <Text aria-hidden="true">·</Text>
        </>
      )}
      <Text asChild>
        <time dateTime={article.publishedAt} data-testid="article-date">
          {formatArticleDate(article.publishedAt, locale)}
        </time>
      </Text>
      <Text aria-hidden="true">·</Text>
      <Text data-testid="article-reading-time">{LL.blog.readingTime({ minutes: article.readingTime })}</Text>
    </HStack>
  );
}
