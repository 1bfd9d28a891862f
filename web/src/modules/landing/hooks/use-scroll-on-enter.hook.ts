import { useEffect } from 'react';

/**
 * On entering a public page: scroll to the address's `#section` once it is rendered (`/#features` from another
 * page), else to the top (client-side navigation would otherwise keep the previous page's scroll position).
 */
export function useScrollOnEnter(): void {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) {
      window.scrollTo(0, 0);
      return;
    }
    const frame = window.requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView({ block: 'start' }));
    return () => window.cancelAnimationFrame(frame);
  }, []);
}
