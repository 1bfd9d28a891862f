import { useEffect } from 'react';

export interface DocumentHead {
  title: string;
  description: string;
  /** The page's own path (canonical link and og:url), e.g. `/blog`. */
  path: string;
  keywords?: readonly string[];
  /** Open Graph type: `website` (default) or `article`. */
  ogType?: 'website' | 'article';
  /** Structured data (schema.org), written as JSON in a `application/ld+json` script (data, not code). */
  jsonLd?: Record<string, unknown>;
}

function setMeta(attribute: 'name' | 'property', key: string, content: string | null): () => void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  const created = !element;
  const previous = element?.getAttribute('content') ?? null;
  if (content === null) return () => {};
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.setAttribute('content', content);
  const el = element;
  return () => {
    if (created) el.remove();
    else if (previous !== null) el.setAttribute('content', previous);
  };
}

function setLink(rel: string, href: string): () => void {
  let element = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  const created = !element;
  const previous = element?.getAttribute('href') ?? null;
  if (!element) {
    element = document.createElement('link');
    element.rel = rel;
    document.head.appendChild(element);
  }
  element.href = href;
  const el = element;
  return () => {
    if (created) el.remove();
    else if (previous !== null) el.setAttribute('href', previous);
  };
}

/**
 * Per-page title, description, keywords, canonical link, Open Graph tags and JSON-LD; everything is put back
 * as it was when the page unmounts (spec 01: "the title is restored on leaving").
 */
/** How many mounted pages set the head (the app's default title applies only when none does). */
let owners = 0;
export const pageOwnsHead = () => owners > 0;

export function useDocumentHead(head: DocumentHead): void {
  const { title, description, path, ogType = 'website' } = head;
  const keywords = head.keywords?.join(', ') ?? null;
  const jsonLd = head.jsonLd ? JSON.stringify(head.jsonLd) : null;
  useEffect(() => {
    owners++;
    const previousTitle = document.title;
    document.title = title;
    const url = new URL(path, window.location.origin).toString();
    const restores = [
      setMeta('name', 'description', description),
      setMeta('name', 'keywords', keywords),
      setMeta('property', 'og:title', title),
      setMeta('property', 'og:description', description),
      setMeta('property', 'og:type', ogType),
      setMeta('property', 'og:url', url),
      setMeta('property', 'og:site_name', 'Nexa CRM'),
      setLink('canonical', url),
    ];
    let script: HTMLScriptElement | null = null;
    if (jsonLd) {
      // A data block: browsers never execute application/ld+json, so the CSP (script-src 'self') allows it.
      script = document.createElement('script');
      script.type = 'application/ld+json';
      script.textContent = jsonLd;
      document.head.appendChild(script);
    }
    return () => {
      owners--;
      document.title = previousTitle;
      for (const restore of restores.reverse()) restore();
      script?.remove();
    };
  }, [title, description, path, ogType, keywords, jsonLd]);
}
