import { Box, Container, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A titled section of a static page (h2), labelled by its heading so it is a landmark region. */
export function PageSection({ id, title, children, muted = false }: { id: string; title: string; children: ReactNode; muted?: boolean }) {
  const headingId = `${id}-title`;
  return (
    <Box as="section" id={id} aria-labelledby={headingId} py={{ base: 10, md: 14 }} bg={muted ? 'bg.subtle' : undefined}>
      <Container maxW="6xl">
        <Heading as="h2" id={headingId} size="2xl" mb={6}>
          {title}
        </Heading>
        {children}
      </Container>
    </Box>
  );
}
