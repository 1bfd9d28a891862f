import { Box, chakra } from '@chakra-ui/react';

interface ToggleSwitchProps {
  checked: boolean;
  disabled?: boolean;
  onChange(checked: boolean): void;
  labelledBy: string;
  describedBy?: string;
  testId?: string;
}

/**
 * An on/off switch: a native checkbox with `role="switch"` (keyboard: Tab, Space; read as "switch, on/off"),
 * visually a track and thumb that mirror in right-to-left. Built from style props, so it needs no extra Chakra
 * recipe in the shared theme (each recipe there weighs on the landing page's JavaScript).
 */
export function ToggleSwitch({ checked, disabled = false, onChange, labelledBy, describedBy, testId }: ToggleSwitchProps) {
  return (
    <Box as="label" display="inline-flex" flexShrink={0} cursor={disabled ? 'not-allowed' : 'pointer'} p={1}>
      <chakra.input
        type="checkbox"
        role="switch"
        className="peer"
        srOnly
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        data-testid={testId}
      />
      <Box
        aria-hidden="true"
        position="relative"
        w="12"
        h="7"
        borderRadius="full"
        bg={checked ? 'blue.600' : 'gray.500'}
        opacity={disabled ? 0.6 : 1}
        transition="background 0.15s"
        _peerFocusVisible={{ outline: '3px solid', outlineColor: 'blue.700', outlineOffset: '2px' }}
      >
        <Box position="absolute" top="1" insetStart={checked ? '6' : '1'} w="5" h="5" borderRadius="full" bg="white" boxShadow="sm" transition="inset-inline-start 0.15s" />
      </Box>
    </Box>
  );
}
