import { useI18nContext } from '../i18n/i18n-react.tsx';
import { ForgotPasswordForm } from '../modules/auth/components/forgot-password-form.component.tsx';
import { useDocumentHead } from '../modules/seo/hooks/use-document-head.hook.ts';

/** `/admin/forgot-password` (lazy chunk). */
export default function ForgotPasswordPage() {
  const { LL } = useI18nContext();
  useDocumentHead({ title: `${LL.forgotPassword.title()} | ${LL.brand.name()}`, description: LL.forgotPassword.subtitle(), path: '/admin/forgot-password' });
  return <ForgotPasswordForm />;
}
