import { Badge, Box, Button, Container, Flex, HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import { useCallback, useState, type ComponentType } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { ApiFailure } from '../../api/api-error.util.ts';
import { serverMessage } from '../../api/server-message.util.ts';
import type { SessionUser } from '../../api/trpc.client.ts';
import { BookingsTab } from '../../bookings/components/bookings-tab.component.tsx';
import { CustomersTab } from '../../customers/components/customers-tab.component.tsx';
import { PipelineTab } from '../../deals/components/pipeline-tab.component.tsx';
import { TasksTab } from '../../tasks/components/tasks-tab.component.tsx';
import { AppToaster } from '../../ui/components/app-toaster.component.tsx';
import { ProfileTab } from '../../profile/components/profile-tab.component.tsx';
import { LoginHistoryTab } from '../../security/components/login-history-tab.component.tsx';
import { UsersTab } from '../../users/components/users-tab.component.tsx';
import { BrandLogo } from '../../ui/components/brand-logo.component.tsx';
import { ErrorBanner } from '../../ui/components/error-banner.component.tsx';
import { LanguageSwitcher } from '../../ui/components/language-switcher.component.tsx';
import { useErrorBanner } from '../../ui/hooks/use-error-banner.hook.ts';
import { useLogout } from '../hooks/use-logout.hook.ts';
import { visibleAdminTabs, type AdminTabId } from '../utils/admin-tabs.util.ts';

/** What each tab shows; a tab appears only when the user's role allows it (see ADMIN_TABS). */
const TAB_PANELS: Record<AdminTabId, ComponentType<{ user: SessionUser }>> = {
  bookings: BookingsTab,
  customers: CustomersTab,
  pipeline: PipelineTab,
  tasks: TasksTab,
  users: UsersTab,
  loginHistory: LoginHistoryTab,
  profile: ProfileTab,
};

/** The logged-in admin area: header (user, role, Logout), error banner, permission-filtered tabs. */
export function AdminShell({ user }: { user: SessionUser }) {
  const { LL } = useI18nContext();
  const { showError } = useErrorBanner();
  const onLogoutError = useCallback(
    (failure: ApiFailure) =>
      showError((failure.kind === 'server' ? serverMessage(failure, LL) : null) ?? LL.admin.logoutFailed()),
    [showError, LL],
  );
  const { logout, isPending: loggingOut } = useLogout({ onError: onLogoutError });
  const tabs = visibleAdminTabs(user);
  const [active, setActive] = useState<string | undefined>(tabs[0]?.id);
  const current = tabs.some((tab) => tab.id === active) ? active : tabs[0]?.id;

  return (
    <Box minH="100vh" bg="bg.subtle">
      <Box as="header" bg="bg" borderBottomWidth="1px" borderColor="border.muted">
        <Container maxW="7xl">
          <Flex minH="16" py={2} align="center" justify="space-between" gap={4} wrap="wrap">
            <HStack gap={3}>
              <BrandLogo />
              <Text color="fg.muted" display={{ base: 'none', md: 'block' }}>
                {LL.admin.title()}
              </Text>
            </HStack>
            <HStack gap={3} wrap="wrap">
              <LanguageSwitcher placement="desktop" />
              <Stack gap={0} align="flex-end" textAlign="end">
                <Text fontWeight="semibold" fontSize="sm" data-testid="admin-user-name">
                  {user.name}
                </Text>
                <Badge size="sm" colorPalette="purple" data-testid="admin-user-role">
                  {LL.admin.roles[user.userType]()}
                </Badge>
              </Stack>
              <Button size="sm" variant="outline" onClick={() => void logout()} loading={loggingOut} data-testid="admin-logout">
                {LL.admin.logout()}
              </Button>
            </HStack>
          </Flex>
        </Container>
      </Box>
      <Container maxW="7xl" py={6}>
        <AppToaster />
        <ErrorBanner />
        {tabs.length === 0 || !current ? (
          <Text color="fg.muted" data-testid="admin-no-access">
            {LL.admin.noAccess()}
          </Text>
        ) : (
          <Tabs.Root value={current} onValueChange={(details) => setActive(details.value)} lazyMount unmountOnExit variant="line">
            <Tabs.List aria-label={LL.admin.tabsLabel()} mb={5}>
              {tabs.map((tab) => (
                <Tabs.Trigger key={tab.id} value={tab.id} data-testid={`admin-tab-${tab.id}`}>
                  {LL.admin.tabs[tab.id]()}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {tabs.map((tab) => {
              const Panel = TAB_PANELS[tab.id];
              return (
                <Tabs.Content key={tab.id} value={tab.id} p={0}>
                  <Panel user={user} />
                </Tabs.Content>
              );
            })}
          </Tabs.Root>
        )}
      </Container>
    </Box>
  );
}
