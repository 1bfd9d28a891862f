import { Box, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface CardItem {
  key: string;
  title: string;
  text?: string;
  children?: ReactNode;
}

/** Cards with an h3 title each (values, benefits, features...), in a responsive grid, as a list for screen readers. */
export function CardGrid({ items, columns = 3 }: { items: readonly CardItem[]; columns?: 2 | 3 | 4 }) {
  return (
    <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, lg: columns }} gap={6}>
      {items.map((item) => (
        <Box as="li" key={item.key} borderWidth="1px" borderColor="border" borderRadius="lg" p={6} bg="bg.panel" data-testid={`card-${item.key}`}>
          <Heading as="h3" size="md" mb={2}>
            {item.title}
          </Heading>
          {item.text && <Text color="fg">{item.text}</Text>}
          {item.children}
        </Box>
      ))}
    </SimpleGrid>
  );
}
