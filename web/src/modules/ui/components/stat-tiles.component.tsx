import { SimpleGrid, Stat } from '@chakra-ui/react';

export interface StatTile {
  key: string;
  label: string;
  /** Undefined while loading (shown as a dash). */
  value: number | undefined;
  /** Colour token of the value. */
  color: string;
}

interface StatTilesProps {
  tiles: readonly StatTile[];
  /** Each tile's test id is this prefix followed by its key. */
  testIdPrefix: string;
  /** When given, the tiles form a labelled section. */
  label?: string;
}

/** A row of counter tiles (two per line on small screens, four on wide ones). */
export function StatTiles({ tiles, testIdPrefix, label }: StatTilesProps) {
  return (
    <SimpleGrid as={label === undefined ? undefined : 'section'} aria-label={label} columns={{ base: 2, md: 4 }} gap={4}>
      {tiles.map((tile) => (
        <Stat.Root key={tile.key} borderWidth="1px" borderColor="border.muted" rounded="lg" bg="bg" p={4} data-testid={`${testIdPrefix}${tile.key}`}>
          <Stat.Label>{tile.label}</Stat.Label>
          <Stat.ValueText color={tile.color} aria-live="polite">
            {tile.value ?? '–'}
          </Stat.ValueText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
