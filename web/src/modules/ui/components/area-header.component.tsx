import { Flex, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** An admin area's heading: its title and what it is for, its header buttons beside them (below on a phone). */
export function AreaHeader({ title, subtitle, actions }: { title: string; subtitle: string; actions: ReactNode }) {
  return (
    <Flex gap={3} justify="space-between" align={{ base: 'stretch', md: 'flex-start' }} direction={{ base: 'column', md: 'row' }}>
      <Stack gap={1} flex="1" minW={0}>
        <Heading as="h2" size="lg">
          {title}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {subtitle}
        </Text>
      </Stack>
      <HStack gap={3} wrap="wrap" flexShrink={0}>
        {actions}
      </HStack>
    </Flex>
  );
}
