import { useContext } from 'react';
import { ErrorBannerContext, type ErrorBannerControls } from '../utils/error-banner.context.ts';

/** Shows a message in the admin area's dismissible error banner. */
export function useErrorBanner(): ErrorBannerControls {
  const controls = useContext(ErrorBannerContext);
  if (!controls) throw new Error('useErrorBanner must be used inside <ErrorBannerProvider>');
  return controls;
}
