import { Toaster as ChakraToaster, Portal, Stack, Toast, type CreateToasterReturn } from '@chakra-ui/react';

/**
 * The toasts keep to the inline end (the right in English, the left in Arabic) from md up; under it they span the
 * width. Every toaster here is placed at an `-end` (top-end, bottom-end); Zag's group style turns that into a
 * physical side for the direction, then writes it as a logical property, so right to left it lands on the right
 * again: its inline style is overridden.
 */
const INLINE_END = { md: { alignItems: 'flex-end !important', insetInlineStart: 'auto !important', insetInlineEnd: 'calc(env(safe-area-inset-right, 0px) + 1rem) !important' } };

/** Renders one toaster's toasts (a title, a description and a close button); each screen passes its own toaster. */
export function ToastRegion({ toaster, testId, closeLabel }: { toaster: CreateToasterReturn; testId: string; closeLabel: string }) {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} css={INLINE_END}>
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
