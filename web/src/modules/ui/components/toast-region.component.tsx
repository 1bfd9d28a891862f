import { Toaster as ChakraToaster, Portal, Stack, Toast, type CreateToasterReturn } from '@chakra-ui/react';

/**
 * The toasts keep to their toaster's inline side (`-end`: the right in English, the left in Arabic) from md up;
 * under it they span the width. Zag's group style turns a placement's side into a physical one for the direction,
 * then writes it as a logical property, so right to left it lands on the wrong side: its inline style is
 * overridden.
 */
const INLINE = {
  end: { md: { alignItems: 'flex-end !important', insetInlineStart: 'auto !important', insetInlineEnd: 'calc(env(safe-area-inset-right, 0px) + 1rem) !important' } },
  start: { md: { alignItems: 'flex-start !important', insetInlineEnd: 'auto !important', insetInlineStart: 'calc(env(safe-area-inset-left, 0px) + 1rem) !important' } },
};

/**
 * Renders one toaster's toasts (a title, a description and a close button); each screen passes its own toaster,
 * placed at the `side` given here (`-end` unless told).
 */
export function ToastRegion({ toaster, testId, closeLabel, side = 'end' }: { toaster: CreateToasterReturn; testId: string; closeLabel: string; side?: 'start' | 'end' }) {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} css={INLINE[side]}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid={testId} data-type={toast.type}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            <Toast.CloseTrigger aria-label={closeLabel} />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
