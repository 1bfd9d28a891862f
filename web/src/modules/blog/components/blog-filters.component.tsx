import { Box, Button, Field, Grid, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { LabelledSelect } from '../../ui/components/labelled-select.component.tsx';
import { BLOG_CATEGORIES, type BlogCategory, type BlogTag } from '../content/article.types.ts';
import { CATEGORY_LABEL_KEY } from '../utils/article-format.util.ts';
import type { BlogFilters as Filters } from '../utils/blog-filters.util.ts';

interface BlogFiltersProps {
  filters: Filters;
  tags: readonly BlogTag[];
  tagLabels: Readonly<Record<BlogTag, string>>;
  onChange(patch: Partial<Filters>): void;
}

const CATEGORY_OPTIONS: readonly (BlogCategory | 'all')[] = ['all', ...BLOG_CATEGORIES];

/** Search over title and excerpt, the category select and the topic buttons (All Topics plus up to 8 tags). */
export function BlogFilters({ filters, tags, tagLabels, onChange }: BlogFiltersProps) {
  const { LL } = useI18nContext();
  const topicsId = useId();
  const topic = (value: BlogTag | 'all', label: string) => {
    const pressed = filters.tag === value;
    return (
      <Button
        key={value}
        size="sm"
        rounded="full"
        variant={pressed ? 'solid' : 'outline'}
        colorPalette="blue"
        aria-pressed={pressed}
        onClick={() => onChange({ tag: value })}
      >
        {label}
      </Button>
    );
  };
  return (
    <Box
      as="form"
      role="search"
      aria-label={LL.blog.filtersLabel()}
      onSubmit={(event) => event.preventDefault()}
      borderWidth="1px"
      borderColor="border"
      rounded="xl"
      p={{ base: 4, md: 6 }}
      bg="bg"
    >
      <Stack gap={5}>
        <Grid templateColumns={{ base: '1fr', md: '2fr 1fr' }} gap={4}>
          <Field.Root>
            <Field.Label>{LL.blog.searchLabel()}</Field.Label>
            <Input
              type="search"
              name="q"
              value={filters.query}
              placeholder={LL.blog.searchPlaceholder()}
              onChange={(event) => onChange({ query: event.currentTarget.value })}
              data-testid="blog-search"
            />
          </Field.Root>
          <LabelledSelect
            label={LL.blog.categoryLabel()}
            name="category"
            value={filters.category}
            options={CATEGORY_OPTIONS}
            labelOf={(option) => (option === 'all' ? LL.blog.categories.all() : LL.blog.categories[CATEGORY_LABEL_KEY[option]]())}
            onChange={(category) => onChange({ category })}
            testId="blog-category"
          />
        </Grid>
        <Stack gap={2}>
          <Text id={topicsId} fontWeight="medium" fontSize="sm">
            {LL.blog.topicsLabel()}
          </Text>
          <HStack role="group" aria-labelledby={topicsId} gap={2} flexWrap="wrap" data-testid="blog-topics">
            {topic('all', LL.blog.allTopics())}
            {tags.map((tag) => topic(tag, tagLabels[tag]))}
          </HStack>
        </Stack>
      </Stack>
    </Box>
  );
}
