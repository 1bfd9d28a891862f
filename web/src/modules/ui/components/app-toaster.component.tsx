import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { appToaster } from '../utils/app-toaster.util.ts';
import { ToastRegion } from './toast-region.component.tsx';

/** Renders the admin area's toasts (see app-toaster.util.ts). */
export function AppToaster() {
  const { LL } = useI18nContext();
  return <ToastRegion toaster={appToaster} testId="app-toast" closeLabel={LL.common.close()} />;
}
