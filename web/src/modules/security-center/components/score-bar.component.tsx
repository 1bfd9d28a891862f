import { Box } from '@chakra-ui/react';

/** A score out of 100 as a bar (spec 02 "score bar"), exposed as a progress bar to assistive technology. */
export function ScoreBar({ value, color, label, size = 'sm' }: { value: number; color: string; label: string; size?: 'xs' | 'sm' }) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <Box role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={clamped} bg="bg.muted" rounded="full" h={size === 'xs' ? '1.5' : '2'} overflow="hidden">
      <Box h="full" w={`${clamped}%`} bg={`${color}.500`} rounded="full" />
    </Box>
  );
}
