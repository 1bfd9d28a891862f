import { Box, SimpleGrid } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface FiltersPanelProps {
  label: string;
  /** Grid columns on large screens. */
  columns: number;
  children: ReactNode;
  /** Under the fields, aligned to the end (e.g. Reset). */
  footer?: ReactNode;
}

/** The framed section that holds a tab's filter fields. */
export function FiltersPanel({ label, columns, children, footer }: FiltersPanelProps) {
  return (
    <Box as="section" aria-label={label} bg="bg" borderWidth="1px" borderColor="border.muted" rounded="lg" p={4}>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: columns }} gap={3} alignItems="end">
        {children}
      </SimpleGrid>
      {footer ? (
        <Box mt={3} textAlign="end">
          {footer}
        </Box>
      ) : null}
    </Box>
  );
}
