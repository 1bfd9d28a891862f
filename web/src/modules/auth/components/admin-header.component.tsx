import { Badge, Box, Button, Flex, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { SessionUser } from '../../api/trpc.client.ts';
import { BrandLogo } from '../../ui/components/brand-logo.component.tsx';
import { LanguageSwitcher } from '../../ui/components/language-switcher.component.tsx';
import { LineIcon } from '../../ui/components/line-icon.component.tsx';
import { ICONS } from '../../ui/utils/line-icons.util.ts';

interface AdminHeaderProps {
  user: SessionUser;
  /** Phone layout: a menu button opens the navigation drawer, and the header takes two rows. */
  phone: boolean;
  menuOpen: boolean;
  onOpenMenu(): void;
  onSearch(): void;
  onLogout(): void;
  loggingOut: boolean;
}

const isApple = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** The admin header: brand, search (Ctrl/⌘ K), language, who is logged in and their role, Logout. */
export function AdminHeader({ user, phone, menuOpen, onOpenMenu, onSearch, onLogout, loggingOut }: AdminHeaderProps) {
  const { LL } = useI18nContext();
  const shortcut = isApple() ? LL.admin.search.shortcutMac() : LL.admin.search.shortcut();

  const who = (
    <Stack gap={0} align={phone ? 'flex-start' : 'flex-end'} textAlign={phone ? 'start' : 'end'} minW={0}>
      <Text fontWeight="semibold" fontSize="sm" data-testid="admin-user-name" truncate maxW={phone ? '14rem' : '12rem'}>
        <bdi>{user.name}</bdi>
      </Text>
      <Badge size="sm" colorPalette="purple" data-testid="admin-user-role">
        {LL.admin.roles[user.userType]()}
      </Badge>
    </Stack>
  );
  const logout = (
    <Button size="sm" variant="outline" onClick={onLogout} loading={loggingOut} data-testid="admin-logout" flexShrink={0}>
      {LL.admin.logout()}
    </Button>
  );

  if (phone) {
    return (
      <Box as="header" bg="bg" borderBottomWidth="1px" borderColor="border.muted" px={3} py={2} data-testid="admin-header">
        <Flex align="center" gap={2} minH="12">
          <IconButton
            size="sm"
            variant="ghost"
            aria-label={LL.admin.nav.openMenu()}
            aria-expanded={menuOpen}
            aria-controls="admin-drawer"
            onClick={onOpenMenu}
            data-testid="admin-menu"
          >
            <LineIcon d={ICONS.menu} size={20} />
          </IconButton>
          <Box flex="1" minW={0} overflow="hidden">
            <BrandLogo />
          </Box>
          <IconButton size="sm" variant="outline" aria-label={`${LL.admin.search.button()} (${shortcut})`} onClick={onSearch} data-testid="admin-search">
            <LineIcon d={ICONS.search} size={18} />
          </IconButton>
          {logout}
        </Flex>
        <Flex align="center" justify="space-between" gap={3} pt={2}>
          {who}
          <LanguageSwitcher placement="desktop" />
        </Flex>
      </Box>
    );
  }

  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" borderColor="border.muted" px={{ base: 4, lg: 6 }} position="sticky" top={0} zIndex="sticky" data-testid="admin-header">
      <Flex h="16" py={2} align="center" justify="space-between" gap={4}>
        <HStack gap={3} minW={0}>
          <BrandLogo />
          <Text color="fg.muted" display={{ base: 'none', lg: 'block' }} truncate>
            {LL.admin.title()}
          </Text>
        </HStack>
        <HStack gap={3} minW={0}>
          <Button size="sm" variant="outline" color="fg.muted" onClick={onSearch} data-testid="admin-search" justifyContent="space-between" minW={{ base: 'auto', lg: '14rem' }} gap={3}>
            <HStack gap={2}>
              <LineIcon d={ICONS.search} size={16} />
              <span>{LL.admin.search.button()}</span>
            </HStack>
            <Box as="kbd" dir="ltr" fontFamily="inherit" fontSize="xs" px={1.5} py={0.5} rounded="sm" borderWidth="1px" borderColor="border" bg="bg.muted" color="fg.muted">
              {shortcut}
            </Box>
          </Button>
          <LanguageSwitcher placement="desktop" />
          {who}
          {logout}
        </HStack>
      </Flex>
    </Box>
  );
}
