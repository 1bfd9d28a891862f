import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { ToastRegion } from '../../ui/components/toast-region.component.tsx';
import { securityToaster } from '../utils/security-toaster.util.ts';

/** Renders the security screens' toasts ('IP Blocked', 'Export Successful', errors). */
export function SecurityToaster() {
  const { LL } = useI18nContext();
  return <ToastRegion toaster={securityToaster} testId="security-toast" closeLabel={LL.security.toasts.dismiss()} />;
}
