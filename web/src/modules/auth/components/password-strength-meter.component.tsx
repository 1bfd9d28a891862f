import { Box, HStack, List, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { PASSWORD_CHECKS, passwordStrength, type StrengthLevel } from '../utils/password-strength.util.ts';

const COLORS: Record<StrengthLevel, string> = { weak: 'red.500', medium: 'orange.400', strong: 'green.500' };

/** The strength bar and checklist of spec 01 §5 for the password being typed. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { LL } = useI18nContext();
  const strength = passwordStrength(password);
  const levelText = LL.resetPassword.strength[strength.level]();
  return (
    <Stack gap={2} data-testid="password-strength">
      <HStack justify="space-between" fontSize="sm">
        <Text color="fg.muted">{LL.resetPassword.strength.label()}</Text>
        <Text fontWeight="medium" color={COLORS[strength.level]} data-testid="password-strength-level">
          {levelText}
        </Text>
      </HStack>
      <Box
        role="meter"
        aria-label={LL.resetPassword.strength.label()}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={strength.percent}
        aria-valuetext={levelText}
        height="2"
        borderRadius="full"
        bg="bg.muted"
        overflow="hidden"
      >
        <Box height="full" width={`${strength.percent}%`} bg={COLORS[strength.level]} transition="width 0.2s" data-testid="password-strength-bar" />
      </Box>
      <List.Root as="ul" listStyle="none" gap={1} fontSize="sm" aria-label={LL.resetPassword.checklist.label()}>
        {PASSWORD_CHECKS.map((check) => {
          const met = strength.checks[check];
          return (
            <List.Item key={check} data-met={met} color={met ? 'green.600' : 'fg.muted'} display="flex" gap={2} alignItems="center">
              <Box as="span" aria-hidden="true" width="4" textAlign="center">
                {met ? '✓' : '○'}
              </Box>
              <Text as="span">{LL.resetPassword.checklist[check]()}</Text>
              <VisuallyHidden>{met ? LL.resetPassword.checklist.met() : LL.resetPassword.checklist.notMet()}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List.Root>
    </Stack>
  );
}
