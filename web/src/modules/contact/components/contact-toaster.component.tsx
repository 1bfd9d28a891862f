import { Toaster as ChakraToaster, Portal, Stack, Toast } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { contactToaster } from '../utils/contact-toaster.util.ts';

/** Renders the contact page's toasts (the success toast after a message was sent). */
export function ContactToaster() {
  const { LL } = useI18nContext();
  return (
    <Portal>
      <ChakraToaster toaster={contactToaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="contact-toast" data-type={toast.type}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            <Toast.CloseTrigger aria-label={LL.common.close()} />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
