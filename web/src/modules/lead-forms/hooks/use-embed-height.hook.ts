import { useEffect, type RefObject } from 'react';
import type { EmbedMessage } from '../utils/public-form.util.ts';

/**
 * Tells the host page (the embed script `/embed/forms.js`) the height of the page's content whenever it
 * changes, so the iframe fits it (auto height, no inner scroll bar).
 */
export function useEmbedHeight(slug: string, enabled: boolean, content: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = content.current;
    if (!enabled || !element || window.parent === window) return;
    let last = 0;
    const send = () => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      // The height is no secret, so any host page may read it; the embed script checks who sent it.
      window.parent.postMessage({ type: 'crm-form:height', slug, height } satisfies EmbedMessage, '*');
    };
    const observer = new ResizeObserver(send);
    observer.observe(element);
    send();
    return () => observer.disconnect();
  }, [slug, enabled, content]);
}
