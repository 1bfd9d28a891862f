import { useEffect, useState } from 'react';
import { useI18nContext } from '../i18n/i18n-react.tsx';
import { useDocumentHead } from '../modules/seo/hooks/use-document-head.hook.ts';
import { useSearch } from 'wouter';
import { ResetPasswordForm } from '../modules/auth/components/reset-password-form.component.tsx';

/**
 * `/admin/reset-password?token=` (lazy chunk): the token comes from the link in the reset mail. It is read
 * once and then taken out of the address bar, so it does not stay in the browser's history.
 */
export default function ResetPasswordPage() {
  const { LL } = useI18nContext();
  useDocumentHead({ title: `${LL.resetPassword.title()} | ${LL.brand.name()}`, description: LL.resetPassword.title(), path: '/admin/reset-password' });
  const fromUrl = new URLSearchParams(useSearch()).get('token');
  const [token, setToken] = useState(fromUrl);
  useEffect(() => {
    if (!fromUrl) return;
    setToken(fromUrl);
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [fromUrl]);
  // A new token (another link opened in the same tab) starts a fresh page state.
  return <ResetPasswordForm key={token ?? ''} token={token || null} />;
}
