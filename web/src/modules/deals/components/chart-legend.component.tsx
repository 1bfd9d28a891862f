import { Box, HStack, List, Text } from '@chakra-ui/react';

/** Tailwind 500 shades of the chart palette (the colours Tremor draws the bars with). */
export const CHART_COLORS = { blue: '#3b82f6', emerald: '#10b981', rose: '#f43f5e' } as const;
export type ChartColor = keyof typeof CHART_COLORS;

/** A chart's legend as a real list (Tremor's own legend nests its items in a div inside an ol, which screen readers misread). */
export function ChartLegend({ items }: { items: readonly { label: string; color: ChartColor }[] }) {
  return (
    <List.Root as="ul" listStyle="none" display="flex" flexWrap="wrap" justifyContent="flex-end" gap={4} mb={2} ms={0}>
      {items.map((item) => (
        <List.Item key={item.label}>
          <HStack gap={1.5}>
            <Box as="span" w="2.5" h="2.5" rounded="full" bg={CHART_COLORS[item.color]} aria-hidden="true" />
            <Text as="span" fontSize="sm" color="fg.muted">
              {item.label}
            </Text>
          </HStack>
        </List.Item>
      ))}
    </List.Root>
  );
}
