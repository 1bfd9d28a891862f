import { Box, Container, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The top band of a static page: its one h1 and a lead paragraph. */
export function PageIntro({ title, intro, children }: { title: string; intro: string; children?: ReactNode }) {
  return (
    <Box as="section" aria-labelledby="page-title" bg="blue.50" _dark={{ bg: 'gray.900' }} py={{ base: 12, md: 16 }}>
      <Container maxW="5xl" textAlign="center">
        <Heading as="h1" id="page-title" size={{ base: '3xl', md: '4xl' }} mb={4}>
          {title}
        </Heading>
        <Text fontSize="lg" color="fg" maxW="3xl" mx="auto">
          {intro}
        </Text>
        {children}
      </Container>
    </Box>
  );
}
