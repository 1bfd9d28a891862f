import { createContext } from 'react';

export interface ErrorBannerControls {
  /** The message on show, or null. */
  message: string | null;
  showError(message: string): void;
  dismissError(): void;
}

export const ErrorBannerContext = createContext<ErrorBannerControls | null>(null);
