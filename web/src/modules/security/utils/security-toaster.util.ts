import { createToaster } from '@chakra-ui/react';

/** The security screens' toasts: one at a time, 5 s (spec 01 §9: toast limit 1, default duration 5000 ms). */
export const securityToaster = createToaster({ placement: 'top-end', max: 1, duration: 5000, pauseOnPageIdle: true });

/** Shows a toast in place of the one on screen (a newer message is never queued behind an older one). */
export function notify(options: { type: 'success' | 'error'; title: string; description: string }) {
  securityToaster.dismiss();
  securityToaster.create(options);
}
