import { createToaster } from '@chakra-ui/react';
import type { TranslationFunctions } from '../../../i18n/i18n-types.ts';

/**
 * The admin area's toasts ('Deal Updated', 'Task Created', errors): rendered once by <AppToaster /> in the
 * admin shell; any admin screen calls `toast(...)`. They stack at the bottom of the inline end: at the top they
 * covered the header's search and menus and each screen's own actions there (the Pipeline's "Show deleted", the
 * lists' New buttons) for the five seconds they stay.
 */
export const appToaster = createToaster({ placement: 'bottom-end', max: 3, duration: 5000, pauseOnPageIdle: true });

export function toast(options: { type: 'success' | 'error' | 'info'; title: string; description?: string }) {
  appToaster.create(options);
}

/**
 * An error toast, titled "Error" (spec 02 §8); its description runs together the details that are present
 * (what failed, then the server's reason when there is one).
 */
export function toastError(LL: TranslationFunctions, ...details: (string | null | undefined | false)[]) {
  toast({ type: 'error', title: LL.common.error(), description: details.filter(Boolean).join(' ') });
}
