import { Box, Button, Collapsible, Container, Flex, HStack, IconButton, Stack } from '@chakra-ui/react';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { BrandLogo } from '../../ui/components/brand-logo.component.tsx';
import { LanguageSwitcher } from '../../ui/components/language-switcher.component.tsx';
import { useScrolled } from '../hooks/use-scrolled.hook.ts';
import { LANDING_NAV_SECTIONS, PAGE_NAV_LINKS, scrollToSection } from '../utils/nav-links.util.ts';

interface SiteHeaderProps {
  /** `landing`: links scroll to the landing sections; `page`: links go to Home, features, testimonials, Blog. */
  variant?: 'landing' | 'page';
  /** The start-trial button (opens the trial modal). */
  onStartTrial(placement: 'desktop' | 'mobile'): void;
}

interface NavEntry {
  key: string;
  href: string;
  label: string;
  active: boolean;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      {open ? <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" /> : <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />}
    </svg>
  );
}

/** The public navigation bar: sticky, shadowed once scrolled, right-to-left aware, collapsible on small screens. */
export function SiteHeader({ variant = 'landing', onStartTrial }: SiteHeaderProps) {
  const { LL } = useI18nContext();
  const scrolled = useScrolled();
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  /** A section picked in the open phone menu: scrolled to once the menu has collapsed (see onExitComplete). */
  const pendingSection = useRef<string | null>(null);

  // Escape closes the open menu from anywhere on the page and gives the focus back to the toggle.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  // While the menu is open, Tab cycles through the toggle and the menu (the rest of the page stays behind it).
  const trapFocus = (event: KeyboardEvent<HTMLElement>) => {
    if (!menuOpen || event.key !== 'Tab' || !toggleRef.current || !menuRef.current) return;
    const focusables = [
      toggleRef.current,
      ...menuRef.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), select:not([disabled]), input:not([disabled])'),
    ];
    const first = focusables[0];
    const last = focusables[focusables.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  const entries: NavEntry[] =
    variant === 'landing'
      ? LANDING_NAV_SECTIONS.map(({ key, sectionId }) => ({
          key,
          href: `#${sectionId}`,
          label: LL.nav[key](),
          active: false,
          onClick: (event) => {
            if (!document.getElementById(sectionId)) return setMenuOpen(false); // not on this page: the link navigates
            event.preventDefault();
            // The open phone menu is part of the sticky header: scrolling while it collapses lands off by its height.
            if (menuOpen) {
              pendingSection.current = sectionId;
              setMenuOpen(false);
            } else scrollToSection(sectionId);
          },
        }))
      : PAGE_NAV_LINKS.map(({ key, href }) => ({
          key,
          href,
          label: LL.nav[key](),
          active: key === 'blog' && location.startsWith('/blog'),
          onClick: () => setMenuOpen(false),
        }));

  const navLinks = (placement: 'desktop' | 'mobile') =>
    entries.map((entry) => (
      <Button
        key={entry.key}
        asChild
        variant="ghost"
        size="sm"
        justifyContent={placement === 'mobile' ? 'flex-start' : 'center'}
        color={entry.active ? 'blue.600' : 'fg'}
        fontWeight={entry.active ? 'semibold' : 'medium'}
      >
        <a href={entry.href} onClick={entry.onClick} aria-current={entry.active ? 'page' : undefined}>
          {entry.label}
        </a>
      </Button>
    ));

  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="bg"
      borderBottomWidth="1px"
      borderColor={scrolled ? 'transparent' : 'border.muted'}
      shadow={scrolled ? 'md' : 'none'}
      transition="box-shadow 0.2s ease, border-color 0.2s ease"
      data-testid="site-header"
      data-scrolled={scrolled ? 'true' : 'false'}
      onKeyDown={trapFocus}
    >
      <Collapsible.Root
        ids={{ content: 'mobile-menu' }}
        open={menuOpen}
        onOpenChange={(details) => setMenuOpen(details.open)}
        onExitComplete={() => {
          const sectionId = pendingSection.current;
          pendingSection.current = null;
          if (sectionId) scrollToSection(sectionId);
        }}
      >
        <Container maxW="7xl">
          <Flex h="16" align="center" justify="space-between" gap={4}>
            <BrandLogo />
            <HStack as="nav" aria-label={LL.nav.mainNavigation()} gap={1} display={{ base: 'none', lg: 'flex' }}>
              {navLinks('desktop')}
            </HStack>
            <HStack gap={2} display={{ base: 'none', lg: 'flex' }}>
              <LanguageSwitcher placement="desktop" />
              <Button asChild variant="ghost" size="sm">
                <Link href="/admin">{LL.nav.login()}</Link>
              </Button>
              <Button colorPalette="blue" size="sm" onClick={() => onStartTrial('desktop')} data-testid="nav-start-trial">
                {LL.nav.startTrial()}
              </Button>
            </HStack>
            <Collapsible.Trigger asChild>
              <IconButton
                ref={toggleRef}
                display={{ base: 'inline-flex', lg: 'none' }}
                variant="ghost"
                aria-label={menuOpen ? LL.nav.closeMenu() : LL.nav.openMenu()}
                data-testid="mobile-menu-toggle"
              >
                <MenuIcon open={menuOpen} />
              </IconButton>
            </Collapsible.Trigger>
          </Flex>
        </Container>
        <Collapsible.Content ref={menuRef}>
          <Box display={{ base: 'block', lg: 'none' }} borderTopWidth="1px" borderColor="border.muted" bg="bg">
            <Container maxW="7xl" py={4}>
              <Stack as="nav" aria-label={LL.nav.mainNavigation()} gap={1}>
                {navLinks('mobile')}
                <Button asChild variant="ghost" size="sm" justifyContent="flex-start">
                  <Link href="/admin" onClick={() => setMenuOpen(false)}>
                    {LL.nav.login()}
                  </Link>
                </Button>
              </Stack>
              <Stack gap={3} mt={4}>
                <LanguageSwitcher placement="mobile" fullWidth />
                <Button
                  colorPalette="blue"
                  width="full"
                  onClick={() => {
                    setMenuOpen(false);
                    onStartTrial('mobile');
                  }}
                  data-testid="mobile-start-trial"
                >
                  {LL.nav.startTrial()}
                </Button>
              </Stack>
            </Container>
          </Box>
        </Collapsible.Content>
      </Collapsible.Root>
    </Box>
  );
}
