import { useCallback, useState } from 'react';
import { exportUrl, type LoginHistoryFilters } from '../utils/login-history-filters.util.ts';

function fileNameOf(disposition: string | null): string {
  const match = disposition ? /filename="([^"]+)"/.exec(disposition) : null;
  return match?.[1] ?? `login-history-${new Date().toISOString().slice(0, 10)}.csv`;
}

/**
 * Downloads the server's CSV of the current filters (streamed by GET /api/admin/login-history/export,
 * authorised by the session cookie) and saves it under the server's file name.
 */
export function useExportLoginHistory(callbacks: { onExported(): void; onFailed(): void }) {
  const [exporting, setExporting] = useState(false);
  const { onExported, onFailed } = callbacks;
  const exportCsv = useCallback(
    async (filters: LoginHistoryFilters) => {
      setExporting(true);
      try {
        const res = await fetch(exportUrl(filters), { credentials: 'include' });
        if (!res.ok) throw new Error(`HTTP error! status: ${res.status}`);
        const blob = await res.blob();
        const url = URL.createObjectURL(blob);
        const link = document.createElement('a');
        link.href = url;
        link.download = fileNameOf(res.headers.get('content-disposition'));
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
        onExported();
      } catch {
        onFailed();
      } finally {
        setExporting(false);
      }
    },
    [onExported, onFailed],
  );
  return { exportCsv, exporting };
}
