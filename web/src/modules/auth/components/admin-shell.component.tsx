import { Box, CloseButton, Drawer, Flex, IconButton, Portal } from '@chakra-ui/react';
import { drawerSlotRecipe } from '@chakra-ui/react/theme';
import { allows } from '@crm/contracts/identity/permissions';
import { useCallback, useMemo, useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { areaOfPath, visibleAdminAreas } from '../../admin-areas.ts';
import type { ApiFailure } from '../../api/api-error.util.ts';
import { serverMessage } from '../../api/server-message.util.ts';
import type { SessionUser } from '../../api/trpc.client.ts';
import { CommandPalette, openCommandPalette } from '../../search/components/command-palette.component.tsx';
import { AppToaster } from '../../ui/components/app-toaster.component.tsx';
import { ErrorBanner } from '../../ui/components/error-banner.component.tsx';
import { LineIcon } from '../../ui/components/line-icon.component.tsx';
import { useErrorBanner } from '../../ui/hooks/use-error-banner.hook.ts';
import { useMediaQuery } from '../../ui/hooks/use-media-query.hook.ts';
import { ICONS } from '../../ui/utils/line-icons.util.ts';
import { useLogout } from '../hooks/use-logout.hook.ts';
import { useSidebarCollapsed } from '../hooks/use-sidebar-collapsed.hook.ts';
import { AdminAreaOutlet } from './admin-area-outlet.component.tsx';
import { AdminHeader } from './admin-header.component.tsx';
import { AdminNav } from './admin-nav.component.tsx';
import { AdminNotice } from './admin-notice.component.tsx';

/** Below this width the sidebar becomes a drawer behind the header's menu button. */
const PHONE = '(max-width: 767.98px)';

/**
 * The logged-in admin workspace (issue 12 §3): header, a grouped sidebar of the areas the user's role allows
 * (collapsible to icons, a drawer on a phone), and the current URL's area. `/admin` goes to the first area;
 * an area the role may not open says so; an unknown admin address shows the in-app not-found page.
 */
export function AdminShell({ user }: { user: SessionUser }) {
  const { LL, locale } = useI18nContext();
  const { showError } = useErrorBanner();
  const onLogoutError = useCallback(
    (failure: ApiFailure) => showError((failure.kind === 'server' ? serverMessage(failure, LL) : null) ?? LL.admin.logoutFailed()),
    [showError, LL],
  );
  const { logout, isPending: loggingOut } = useLogout({ onError: onLogoutError });
  const phone = useMediaQuery(PHONE);
  const { collapsed, toggle } = useSidebarCollapsed();
  const [menuOpen, setMenuOpen] = useState(false);
  const [location] = useLocation();

  const visible = useMemo(() => visibleAdminAreas(user), [user]);
  const first = visible[0];
  const paletteAreas = useMemo(() => visible.map((area) => ({ id: area.id, path: area.path, label: area.label[locale] })), [visible, LL]);
  const firstLink = first ? { href: first.path, label: LL.admin.areaNoAccess.link({ area: first.label[locale] }) } : null;

  const clean = location.length > 1 ? location.replace(/\/+$/, '') : location;
  const area = areaOfPath(location);
  const notFound = (
    <AdminNotice
      icon={ICONS.compass}
      title={LL.admin.areaNotFound.title()}
      text={LL.admin.areaNotFound.text()}
      link={first ? { href: first.path, label: LL.admin.areaNotFound.link({ area: first.label[locale] }) } : null}
      testId="admin-not-found"
    />
  );

  let content: JSX.Element;
  if (clean === '/admin') {
    content = first ? (
      <Redirect to={first.path} replace />
    ) : (
      <AdminNotice icon={ICONS.lock} title={LL.admin.areaNoAccess.title()} text={LL.admin.noAccess()} link={null} testId="admin-no-access" />
    );
  } else if (!area) {
    content = notFound;
  } else if (!allows(user.userType, area.access)) {
    content = (
      <AdminNotice
        icon={ICONS.lock}
        title={LL.admin.areaNoAccess.title()}
        text={LL.admin.areaNoAccess.text({ role: LL.admin.roles[user.userType](), area: area.label[locale] })}
        link={firstLink}
        testId="admin-area-no-access"
      />
    );
  } else {
    content = <AdminAreaOutlet key={area.id} area={area} user={user} notFound={notFound} />;
  }

  return (
    <Box minH="100vh" bg="bg.subtle">
      <AdminHeader
        user={user}
        phone={phone}
        menuOpen={menuOpen}
        onOpenMenu={() => setMenuOpen(true)}
        onSearch={openCommandPalette}
        onLogout={() => void logout()}
        loggingOut={loggingOut}
      />
      <Flex align="stretch">
        {phone ? null : (
          <Box
            as="aside"
            data-testid="admin-sidebar"
            data-collapsed={collapsed ? 'true' : 'false'}
            flexShrink={0}
            w={collapsed ? '16' : '60'}
            bg="bg"
            borderEndWidth="1px"
            borderColor="border.muted"
            position="sticky"
            // Below the sticky desktop header (admin-header: 4rem and its 1px border), so the page never
            // scrolls just because the sidebar is taller than what the header leaves.
            top="calc(4rem + 1px)"
            alignSelf="flex-start"
            h="calc(100vh - 4rem - 1px)"
            overflowY="auto"
            display="flex"
            flexDirection="column"
            justifyContent="space-between"
            px={2}
            py={3}
            transition="width 0.15s ease"
          >
            <AdminNav areas={visible} collapsed={collapsed} />
            <Flex justify={collapsed ? 'center' : 'flex-end'} pt={3}>
              <IconButton
                size="sm"
                variant="ghost"
                aria-label={collapsed ? LL.admin.nav.expand() : LL.admin.nav.collapse()}
                title={collapsed ? LL.admin.nav.expand() : LL.admin.nav.collapse()}
                aria-pressed={collapsed}
                onClick={toggle}
                data-testid="admin-sidebar-toggle"
              >
                {/* Chevrons pointing to the start edge (collapse) or away from it (expand), mirrored in RTL. */}
                <Box as="span" display="inline-flex" transform={collapsed ? 'scaleX(-1)' : undefined} _rtl={{ transform: collapsed ? undefined : 'scaleX(-1)' }}>
                  <LineIcon d={ICONS.collapse} size={18} />
                </Box>
              </IconButton>
            </Flex>
          </Box>
        )}
        <Box as="main" id="admin-main" flex="1" minW={0} px={{ base: 3, md: 6 }} py={{ base: 4, md: 6 }} data-testid="admin-area" data-area={area?.id}>
          <AppToaster />
          <ErrorBanner />
          {content}
        </Box>
      </Flex>
      {phone ? (
        // The drawer's recipe is passed here, not registered in the shared theme: only the admin chunk carries it.
        <Drawer.Root recipe={drawerSlotRecipe} open={menuOpen} onOpenChange={(e) => setMenuOpen(e.open)} placement="start" size="xs" lazyMount unmountOnExit>
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content id="admin-drawer" data-testid="admin-drawer">
                <Drawer.Header borderBottomWidth="1px" borderColor="border.muted" py={3}>
                  <Drawer.Title fontSize="md">{LL.admin.title()}</Drawer.Title>
                </Drawer.Header>
                <Drawer.Body px={2} py={3}>
                  <AdminNav areas={visible} onNavigate={() => setMenuOpen(false)} />
                </Drawer.Body>
                <Drawer.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label={LL.admin.nav.closeMenu()} data-testid="admin-drawer-close" />
                </Drawer.CloseTrigger>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      ) : null}
      <CommandPalette user={user} areas={paletteAreas} />
    </Box>
  );
}
