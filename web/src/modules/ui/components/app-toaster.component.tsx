import { useEffect } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { appToaster, dialogToaster, keepToastsClearOfDialogs } from '../utils/app-toaster.util.ts';
import { ToastRegion } from './toast-region.component.tsx';

/** Renders the admin area's toasts: at the inline end, or at the inline start while a dialog is open (app-toaster.util.ts). */
export function AppToaster() {
  const { LL } = useI18nContext();
  useEffect(keepToastsClearOfDialogs, []);
  return (
    <>
      <ToastRegion toaster={appToaster} testId="app-toast" closeLabel={LL.common.close()} />
      <ToastRegion toaster={dialogToaster} testId="app-toast" closeLabel={LL.common.close()} side="start" />
    </>
  );
}
