import { Button, Stack, Text } from '@chakra-ui/react';
import type { UserType } from '@crm/contracts';
import { Link as RouterLink } from 'wouter';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { AuthPage } from './auth-page.component.tsx';

/** After registering: greets by name with the (translated) account type; the account awaits approval. */
export function RegisterSuccess({ name, userType }: { name: string; userType: UserType }) {
  const { LL } = useI18nContext();
  return (
    <AuthPage title={LL.register.successTitle()}>
      <Stack gap={3} role="status" data-testid="register-success">
        <Text fontSize="lg" fontWeight="semibold">
          {LL.register.successGreeting({ name })}
        </Text>
        <Text>{LL.register.successAccountType({ type: LL.admin.roles[userType]() })}</Text>
        <Text color="fg.muted">{LL.register.successPending()}</Text>
      </Stack>
      <Stack gap={3}>
        <Button asChild colorPalette="blue">
          <RouterLink href="/admin">{LL.register.goToLogin()}</RouterLink>
        </Button>
        <Button asChild variant="outline">
          <RouterLink href="/">{LL.register.backToHome()}</RouterLink>
        </Button>
      </Stack>
    </AuthPage>
  );
}
