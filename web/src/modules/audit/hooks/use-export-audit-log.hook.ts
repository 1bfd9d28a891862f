import { useCallback, useState } from 'react';
import { auditExportUrl, type AuditLogFilters } from '../utils/audit-filters.util.ts';

function fileNameOf(disposition: string | null): string {
  const match = disposition ? /filename="([^"]+)"/.exec(disposition) : null;
  return match?.[1] ?? `audit-log-${new Date().toISOString().slice(0, 10)}.csv`;
}

/**
 * Downloads the server's CSV of the filters (streamed by GET /api/admin/audit-logs/export, authorised by the
 * session cookie) under the server's file name (`audit-log-{date}.csv`).
 */
export function useExportAuditLog(callbacks: { onExported(): void; onFailed(): void }) {
  const [exporting, setExporting] = useState(false);
  const { onExported, onFailed } = callbacks;
  const exportCsv = useCallback(
    async (filters: Partial<AuditLogFilters>) => {
      setExporting(true);
      try {
        const res = await fetch(auditExportUrl(filters), { credentials: 'include' });
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
