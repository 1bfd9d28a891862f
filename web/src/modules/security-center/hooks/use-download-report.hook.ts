import { useCallback, useState } from 'react';

/**
 * Downloads an assessment's Full Report (GET /api/admin/security/compliance/report, authorised by the session
 * cookie) as JSON or CSV under the server's file name.
 */
export function useDownloadReport(onFailed: () => void) {
  const [downloading, setDownloading] = useState<'json' | 'csv' | null>(null);
  const download = useCallback(
    async (assessmentId: string, format: 'json' | 'csv') => {
      setDownloading(format);
      try {
        const res = await fetch(`/api/admin/security/compliance/report?${new URLSearchParams({ assessmentId, format }).toString()}`, { credentials: 'include' });
        if (!res.ok) throw new Error(`HTTP error! status: ${res.status}`);
        const disposition = res.headers.get('content-disposition');
        const name = (disposition ? /filename="([^"]+)"/.exec(disposition)?.[1] : undefined) ?? `compliance-report.${format}`;
        const url = URL.createObjectURL(await res.blob());
        const link = document.createElement('a');
        link.href = url;
        link.download = name;
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      } catch {
        onFailed();
      } finally {
        setDownloading(null);
      }
    },
    [onFailed],
  );
  return { download, downloading };
}
