import { Alert, Link } from '@chakra-ui/react';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { useErrorBanner } from '../hooks/use-error-banner.hook.ts';
import { ErrorBannerContext } from '../utils/error-banner.context.ts';

export function ErrorBannerProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<string | null>(null);
  const showError = useCallback((next: string) => setMessage(next), []);
  const dismissError = useCallback(() => setMessage(null), []);
  const controls = useMemo(() => ({ message, showError, dismissError }), [message, showError, dismissError]);
  return <ErrorBannerContext.Provider value={controls}>{children}</ErrorBannerContext.Provider>;
}

/** The admin area's error banner (spec 01 §2): shown at the top until the Dismiss link is used. */
export function ErrorBanner() {
  const { LL } = useI18nContext();
  const { message, dismissError } = useErrorBanner();
  if (!message) return null;
  return (
    <Alert.Root status="error" mb={4} data-testid="error-banner" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
      <Link asChild fontWeight="semibold" color="red.700" textDecoration="underline" ms={2} alignSelf="center">
        <button type="button" onClick={dismissError}>
          {LL.admin.dismiss()}
        </button>
      </Link>
    </Alert.Root>
  );
}
