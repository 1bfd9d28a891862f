import { Badge } from '@chakra-ui/react';
import { leadScoreColor, probabilityColor } from '@crm/contracts/crm/crm.constants';

/** The lead score in its spec colour (≥80 green, ≥60 yellow, else red), subtle so the number keeps a 4.5:1 contrast. */
export function LeadScore({ score, testId }: { score: number; testId?: string }) {
  const color = leadScoreColor(score);
  return (
    <Badge colorPalette={color} variant="subtle" data-testid={testId} data-color={color} minW="2.5rem" justifyContent="center">
      <bdi>{score}</bdi>
    </Badge>
  );
}

/** A deal probability in its spec colour (≥80 green, ≥60 yellow, ≥40 orange, else red). */
export function Probability({ value }: { value: number }) {
  const color = probabilityColor(value);
  return (
    <Badge colorPalette={color} variant="subtle" data-color={color}>
      <bdi>{value}%</bdi>
    </Badge>
  );
}
