import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { useI18nContext } from '../i18n/i18n-react.tsx';
import { AcceptInvitationForm } from '../modules/users/components/accept-invitation-form.component.tsx';
import { useDocumentHead } from '../modules/seo/hooks/use-document-head.hook.ts';

/**
 * `/invite?token=` (lazy chunk): the link from an invitation mail. The token is read once and taken out of the
 * address bar, so it does not stay in the browser's history.
 */
export default function InvitePage() {
  const { LL } = useI18nContext();
  useDocumentHead({ title: `${LL.users.accept.title()} | ${LL.brand.name()}`, description: LL.users.accept.title(), path: '/invite' });
  const fromUrl = new URLSearchParams(useSearch()).get('token');
  const [token, setToken] = useState(fromUrl);
  useEffect(() => {
    if (!fromUrl) return;
    setToken(fromUrl);
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [fromUrl]);
  return <AcceptInvitationForm key={token ?? ''} token={token || null} />;
}
