import { useCallback } from 'react';
import { useServerDownload } from '../../ui/hooks/use-server-download.hook.ts';
import { auditExportUrl, type AuditLogFilters } from '../utils/audit-filters.util.ts';

/**
 * Downloads the server's CSV of the filters (streamed by GET /api/admin/audit-logs/export, authorised by the
 * session cookie) under the server's file name (`audit-log-{date}.csv`).
 */
export function useExportAuditLog(callbacks: { onExported(): void; onFailed(): void }) {
  const { download, downloading } = useServerDownload({ onDone: callbacks.onExported, onFailed: callbacks.onFailed });
  const exportCsv = useCallback(
    (filters: Partial<AuditLogFilters>) => download(auditExportUrl(filters), `audit-log-${new Date().toISOString().slice(0, 10)}.csv`, 'csv'),
    [download],
  );
  return { exportCsv, exporting: downloading !== null };
}
