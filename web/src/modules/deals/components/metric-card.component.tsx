import { Stat } from '@chakra-ui/react';

interface MetricCardProps {
  label: string;
  value: string;
  hint: string;
  color?: string;
  testId: string;
}

/** One of the Pipeline Metrics cards. */
export function MetricCard({ label, value, hint, color = 'fg', testId }: MetricCardProps) {
  return (
    <Stat.Root borderWidth="1px" borderColor="border.muted" rounded="lg" bg="bg" p={4} data-testid={testId}>
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText color={color} fontSize={{ base: 'xl', md: '2xl' }} data-testid={`${testId}-value`}>
        {value}
      </Stat.ValueText>
      <Stat.HelpText>{hint}</Stat.HelpText>
    </Stat.Root>
  );
}
