import { Card, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One section of the Profile tab: a titled card. */
export function ProfileCard({ title, description, testId, children }: { title: string; description?: string; testId: string; children: ReactNode }) {
  return (
    <Card.Root data-testid={testId} height="full">
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
        {description ? (
          <Text color="fg.muted" fontSize="sm">
            {description}
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
