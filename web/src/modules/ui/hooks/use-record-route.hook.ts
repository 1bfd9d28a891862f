import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { cameFromList, FROM_LIST_STATE } from '../utils/record-route.util.ts';

/**
 * Opening and closing a record's deep link over its list (`/admin/customers/<id>` over `/admin/customers`).
 * `open` pushes the record's URL; `close` goes back when that push came from the list (so Back and the close
 * button agree and the history does not grow), else replaces the URL with the list's (a shared link, a reload).
 */
export function useRecordRoute(listPath: string) {
  const [, navigate] = useLocation();
  const open = useCallback((recordPath: string) => navigate(recordPath, { state: FROM_LIST_STATE }), [navigate]);
  const close = useCallback(() => {
    if (cameFromList(window.history.state)) window.history.back();
    else navigate(listPath, { replace: true });
  }, [navigate, listPath]);
  return { open, close };
}
