import { createToaster } from '@chakra-ui/react';
import type { TranslationFunctions } from '../../../i18n/i18n-types.ts';

/**
 * The admin area's toasts ('Deal Updated', 'Task Created', errors): rendered once by <AppToaster /> in the
 * admin shell; any admin screen calls `toast(...)`. They stack at the bottom of the inline end: at the top they
 * covered the header's search and menus and each screen's own actions there (the Pipeline's "Show deleted", the
 * lists' New buttons) for the five seconds they stay.
 *
 * While a dialog (or drawer) is open they stack at the bottom of the inline *start*: a dialog's actions sit at the
 * inline end of its footer, where a toast covered them for its five seconds (the next task's Create after "Task
 * Created", a logged call's Send after "Communication sent", an integration's Close after "Integration
 * Installed"). The toasts showing move when a dialog opens or closes, keeping what was left of their time.
 *
 * At most three show at once, and the newest always shows at once: the oldest makes way for it (see `show`).
 */
const DURATION = 5000;
const SHARED = { max: 3, duration: DURATION, pauseOnPageIdle: true } as const;
export const appToaster = createToaster({ placement: 'bottom-end', ...SHARED });
export const dialogToaster = createToaster({ placement: 'bottom-start', ...SHARED });

type ToastOptions = { type: 'success' | 'error' | 'info'; title: string; description?: string };

const OPEN_DIALOG = '[data-scope="dialog"][data-part="content"][data-state="open"]';
const dialogOpen = () => document.querySelector(OPEN_DIALOG) !== null;
/** When each toast ends (by its id), so that a move keeps its time; the ended ones are forgotten as others come. */
const endsAt = new Map<string, number>();

/**
 * Shows a toast at once. The toaster alone would queue a toast past its `max` until one showing ended: up to five
 * seconds with no answer to what the user had just done ("File deleted", an upload refused). The oldest showing
 * goes instead (the ones showing are newest first).
 */
export function show(toaster: typeof appToaster, options: ToastOptions, duration = DURATION) {
  const showing = toaster.getVisibleToasts();
  for (let i = toaster.attrs.max - 1; i < showing.length; i++) toaster.remove(showing[i]!.id);
  const now = Date.now();
  for (const [id, end] of endsAt) if (end < now) endsAt.delete(id);
  endsAt.set(toaster.create({ ...options, duration }), now + duration);
}

export function toast(options: ToastOptions) {
  show(dialogOpen() ? dialogToaster : appToaster, options);
}

/** Moves the toasts showing to the other side whenever a dialog opens or closes; returns what stops it. */
export function keepToastsClearOfDialogs(): () => void {
  let open = dialogOpen();
  const observer = new MutationObserver(() => {
    if (dialogOpen() === open) return;
    open = !open;
    const [from, to] = open ? [appToaster, dialogToaster] : [dialogToaster, appToaster];
    // Oldest first, so that they keep their order on the other side.
    for (const shown of [...from.getVisibleToasts()].reverse()) {
      const left = (endsAt.get(shown.id!) ?? 0) - Date.now();
      endsAt.delete(shown.id!);
      from.remove(shown.id);
      if (left > 0) show(to, { type: shown.type, title: shown.title, description: shown.description } as ToastOptions, Math.max(left, 1500));
    }
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
  return () => observer.disconnect();
}

/**
 * An error toast, titled "Error" (spec 02 §8); its description runs together the details that are present
 * (what failed, then the server's reason when there is one).
 */
export function toastError(LL: TranslationFunctions, ...details: (string | null | undefined | false)[]) {
  toast({ type: 'error', title: LL.common.error(), description: details.filter(Boolean).join(' ') });
}
