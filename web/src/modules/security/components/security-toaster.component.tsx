import { Toaster as ChakraToaster, Portal, Stack, Toast } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { securityToaster } from '../utils/security-toaster.util.ts';

/** Renders the security screens' toasts ('IP Blocked', 'Export Successful', errors). */
export function SecurityToaster() {
  const { LL } = useI18nContext();
  return (
    <Portal>
      <ChakraToaster toaster={securityToaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="security-toast" data-type={toast.type}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            <Toast.CloseTrigger aria-label={LL.loginHistory.toasts.dismiss()} />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
