import { createToaster } from '@chakra-ui/react';

/**
 * The admin area's toasts ('Deal Updated', 'Task Created', errors): rendered once by <AppToaster /> in the
 * admin shell; any admin screen calls `toast(...)`.
 */
export const appToaster = createToaster({ placement: 'top-end', max: 3, duration: 5000, pauseOnPageIdle: true });

export function toast(options: { type: 'success' | 'error' | 'info'; title: string; description?: string }) {
  appToaster.create(options);
}
