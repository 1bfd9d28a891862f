import { useCallback, useState } from 'react';
import { dispositionFileName, saveBlob } from '../utils/download.util.ts';

/**
 * Downloads what a server route answers (a CSV export, a report: authorised by the session cookie) and saves it
 * under the name the server gives (Content-Disposition), else `fallbackName`. `downloading` is the key of the
 * download in flight (e.g. a format), or null.
 */
export function useServerDownload<K extends string = string>(callbacks: { onDone?(): void; onFailed(): void }) {
  const [downloading, setDownloading] = useState<K | null>(null);
  const { onDone, onFailed } = callbacks;
  const download = useCallback(
    async (url: string, fallbackName: string, key: K) => {
      setDownloading(key);
      try {
        const res = await fetch(url, { credentials: 'include' });
        if (!res.ok) throw new Error(`HTTP error! status: ${res.status}`);
        saveBlob(await res.blob(), dispositionFileName(res.headers.get('content-disposition')) ?? fallbackName);
        onDone?.();
      } catch {
        onFailed();
      } finally {
        setDownloading(null);
      }
    },
    [onDone, onFailed],
  );
  return { download, downloading };
}
