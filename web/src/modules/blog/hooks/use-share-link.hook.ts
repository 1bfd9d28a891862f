import { useCallback, useEffect, useRef, useState } from 'react';

export type ShareOutcome = 'idle' | 'shared' | 'copied' | 'failed';

/**
 * Shares a link: the device's share sheet when the browser has one (navigator.share), otherwise copies the link
 * to the clipboard. `outcome` says what happened ('copied' and 'failed' are shown to the visitor for a while).
 */
export function useShareLink(): { share(data: { title: string; text: string; url: string }): Promise<void>; outcome: ShareOutcome } {
  const [outcome, setOutcome] = useState<ShareOutcome>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback((next: ShareOutcome) => {
    setOutcome(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOutcome('idle'), 5000);
  }, []);

  const share = useCallback(
    async (data: { title: string; text: string; url: string }) => {
      if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(data))) {
        try {
          await navigator.share(data);
          setOutcome('shared');
          return;
        } catch (error) {
          // The visitor closed the share sheet: nothing to do.
          if (error instanceof DOMException && error.name === 'AbortError') return;
          // Share refused (e.g. not allowed here): fall back to copying.
        }
      }
      try {
        await navigator.clipboard.writeText(data.url);
        show('copied');
      } catch {
        show('failed');
      }
    },
    [show],
  );
  return { share, outcome };
}
