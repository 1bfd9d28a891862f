import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { ToastRegion } from '../../ui/components/toast-region.component.tsx';
import { contactToaster } from '../utils/contact-toaster.util.ts';

/** Renders the contact page's toasts (the success toast after a message was sent). */
export function ContactToaster() {
  const { LL } = useI18nContext();
  return <ToastRegion toaster={contactToaster} testId="contact-toast" closeLabel={LL.common.close()} />;
}
