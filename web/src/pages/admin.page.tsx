import { Button, Center, Stack, Text } from '@chakra-ui/react';
import { useI18nContext } from '../i18n/i18n-react.tsx';
import { useDocumentHead } from '../modules/seo/hooks/use-document-head.hook.ts';
import { AdminShell } from '../modules/auth/components/admin-shell.component.tsx';
import { I18nNamespaces } from '../modules/ui/components/i18n-namespaces.component.tsx';
import { LoginForm } from '../modules/auth/components/login-form.component.tsx';
import { useSession } from '../modules/auth/hooks/use-session.hook.ts';
import { ErrorBannerProvider } from '../modules/ui/components/error-banner.component.tsx';
import { PageLoader } from '../modules/ui/components/page-loader.component.tsx';

/**
 * `/admin` and every `/admin/...` URL (lazy chunk): asks the server who is logged in, then shows the login (on
 * the same URL, so a deep link survives logging in) or the admin workspace at that URL. The workspace loads each
 * area's dictionaries with the area; the login form needs `security` (its throttling message) and `mfa` (its second step).
 */
export default function AdminPage() {
  const { LL } = useI18nContext();
  const session = useSession();
  useDocumentHead({ title: `${LL.admin.title()} | ${LL.brand.name()}`, description: LL.login.subtitle(), path: '/admin' });

  if (session.isPending) return <PageLoader />;
  if (session.isError) {
    return (
      <Center minH="60vh" px={6}>
        <Stack gap={4} align="center" textAlign="center">
          <Text role="alert">{LL.admin.sessionError()}</Text>
          <Button onClick={() => void session.refetch()}>{LL.common.retry()}</Button>
        </Stack>
      </Center>
    );
  }
  if (!session.data) {
    return (
      <I18nNamespaces names={['security', 'mfa']}>
        <LoginForm />
      </I18nNamespaces>
    );
  }
  return (
    <ErrorBannerProvider>
      <AdminShell user={session.data} />
    </ErrorBannerProvider>
  );
}
