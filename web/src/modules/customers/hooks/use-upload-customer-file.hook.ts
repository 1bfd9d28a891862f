import { useCallback, useState } from 'react';
import { CSRF_HEADER, trpc } from '../../api/trpc.client.ts';

export type UploadOutcome = 'ok' | 'tooLarge' | 'badType' | 'failed';

/**
 * Uploads one file to `POST /api/crm/customers/:id/files` as the raw body (the session cookie authorizes it,
 * with the CSRF header), then reloads the detail so the Files tab lists it.
 */
export function useUploadCustomerFile(customerId: string) {
  const utils = trpc.useUtils();
  const [pending, setPending] = useState(false);

  const upload = useCallback(
    async (file: File): Promise<UploadOutcome> => {
      setPending(true);
      try {
        const response = await fetch(`/api/crm/customers/${encodeURIComponent(customerId)}/files`, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': file.type || 'application/octet-stream', 'x-file-name': encodeURIComponent(file.name), ...CSRF_HEADER },
          body: file,
        });
        if (response.status === 413) return 'tooLarge';
        if (response.status === 415) return 'badType';
        if (!response.ok) return 'failed';
        await utils.customers.detail.invalidate({ id: customerId });
        return 'ok';
      } catch {
        return 'failed';
      } finally {
        setPending(false);
      }
    },
    [customerId, utils],
  );

  return { upload, pending };
}
