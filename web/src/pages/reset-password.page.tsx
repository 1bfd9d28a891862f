import { useSearch } from 'wouter';
import { ResetPasswordForm } from '../modules/auth/components/reset-password-form.component.tsx';

/** `/admin/reset-password?token=` (lazy chunk): the token comes from the link in the reset mail. */
export default function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token');
  // A new token (another link opened in the same tab) starts a fresh page state.
  return <ResetPasswordForm key={token ?? ''} token={token || null} />;
}
