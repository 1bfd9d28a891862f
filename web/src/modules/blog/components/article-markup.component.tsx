import { Box, Heading, List, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { parseMarkup, type Inline } from '../utils/markup.util.ts';

function Inlines({ inlines }: { inlines: readonly Inline[] }) {
  return (
    <>
      {inlines.map((inline, index) =>
        inline.kind === 'bold' ? (
          <Text as="strong" key={index} fontWeight="bold" color="fg">
            {inline.text}
          </Text>
        ) : (
          <span key={index}>{inline.text}</span>
        ),
      )}
    </>
  );
}

/** An article's body: the markup parsed into elements whose text is always plain text (no HTML injection). */
export function ArticleMarkup({ source }: { source: string }) {
  const blocks = useMemo(() => parseMarkup(source), [source]);
  return (
    <Box data-testid="article-content" fontSize={{ base: 'md', md: 'lg' }} lineHeight="1.8">
      {blocks.map((block, index) => {
        switch (block.kind) {
          case 'heading':
            return (
              <Heading key={index} as={block.level === 2 ? 'h2' : 'h3'} size={block.level === 2 ? '2xl' : 'xl'} mt={10} mb={4}>
                <Inlines inlines={block.inlines} />
              </Heading>
            );
          case 'list':
            return (
              <List.Root key={index} as="ul" listStyleType="disc" ps={6} mb={6} gap={2}>
                {block.items.map((item, itemIndex) => (
                  <List.Item key={itemIndex}>
                    <Inlines inlines={item} />
                  </List.Item>
                ))}
              </List.Root>
            );
          default:
            return (
              <Text key={index} mb={5}>
                <Inlines inlines={block.inlines} />
              </Text>
            );
        }
      })}
    </Box>
  );
}
