import { ForgotPasswordForm } from '../modules/auth/components/forgot-password-form.component.tsx';

/** `/admin/forgot-password` (lazy chunk). */
export default function ForgotPasswordPage() {
  return <ForgotPasswordForm />;
}
