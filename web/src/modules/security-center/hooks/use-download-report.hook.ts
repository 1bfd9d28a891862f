import { useCallback } from 'react';
import { useServerDownload } from '../../ui/hooks/use-server-download.hook.ts';

/**
 * Downloads an assessment's Full Report (GET /api/admin/security/compliance/report, authorised by the session
 * cookie) as JSON or CSV under the server's file name.
 */
export function useDownloadReport(onFailed: () => void) {
  const { download: get, downloading } = useServerDownload<'json' | 'csv'>({ onFailed });
  const download = useCallback(
    (assessmentId: string, format: 'json' | 'csv') =>
      get(`/api/admin/security/compliance/report?${new URLSearchParams({ assessmentId, format }).toString()}`, `compliance-report.${format}`, format),
    [get],
  );
  return { download, downloading };
}
