import { createToaster } from '@chakra-ui/react';

/** The contact page's toasts: one at a time (spec 01 §4 "Toasts: one at a time"). */
export const contactToaster = createToaster({ placement: 'top-end', max: 1, duration: 6000, pauseOnPageIdle: true });

/** Shows a toast in place of the one on screen. */
export function notifyContact(options: { type: 'success' | 'error'; title: string; description: string }) {
  contactToaster.dismiss();
  contactToaster.create(options);
}
