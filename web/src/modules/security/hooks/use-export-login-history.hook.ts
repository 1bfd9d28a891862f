import { useCallback } from 'react';
import { useServerDownload } from '../../ui/hooks/use-server-download.hook.ts';
import { exportUrl, type LoginHistoryFilters } from '../utils/login-history-filters.util.ts';

/**
 * Downloads the server's CSV of the current filters (streamed by GET /api/admin/login-history/export,
 * authorised by the session cookie) and saves it under the server's file name.
 */
export function useExportLoginHistory(callbacks: { onExported(): void; onFailed(): void }) {
  const { download, downloading } = useServerDownload({ onDone: callbacks.onExported, onFailed: callbacks.onFailed });
  const exportCsv = useCallback(
    (filters: LoginHistoryFilters) => download(exportUrl(filters), `login-history-${new Date().toISOString().slice(0, 10)}.csv`, 'csv'),
    [download],
  );
  return { exportCsv, exporting: downloading !== null };
}
