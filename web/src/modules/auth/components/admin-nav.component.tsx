import { Box, Separator, Stack, Text } from '@chakra-ui/react';
import { Link, useLocation } from 'wouter';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { areaOfPath, groupedAdminAreas } from '../../admin-areas.ts';
import { LineIcon } from '../../ui/components/line-icon.component.tsx';
import { isTitledGroup, type AdminArea } from '../utils/admin-area.types.ts';

interface AdminNavProps {
  areas: readonly AdminArea[];
  /** Icons only (the desktop sidebar collapsed): labels stay for screen readers and as tooltips. */
  collapsed?: boolean;
  /** Called after a link is followed (the phone drawer closes). */
  onNavigate?(): void;
}

/** The admin areas as grouped links (sidebar and phone drawer): icon and label, the current one marked. */
export function AdminNav({ areas, collapsed = false, onNavigate }: AdminNavProps) {
  const { LL, locale } = useI18nContext();
  const [location] = useLocation();
  const current = areaOfPath(location, areas)?.id;
  const groups = groupedAdminAreas(areas);

  return (
    <Box as="nav" aria-label={LL.admin.nav.label()} data-testid="admin-nav" data-collapsed={collapsed || undefined}>
      <Stack as="ul" gap={1} listStyleType="none" m={0} p={0}>
        {groups.map(({ group, areas: members }, index) => {
          const heading = isTitledGroup(group) && !collapsed ? LL.admin.groups[group]() : null;
          return (
            <Box as="li" key={group}>
              {index > 0 ? <Separator my={2} borderColor="border.muted" /> : null}
              {heading ? (
                <Text as="h2" id={`admin-nav-group-${group}`} px={3} pt={1} pb={1} fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
                  {heading}
                </Text>
              ) : null}
              <Stack as="ul" gap={1} listStyleType="none" m={0} p={0} aria-labelledby={heading ? `admin-nav-group-${group}` : undefined}>
                {members.map((area) => {
                  const label = area.label[locale];
                  const active = area.id === current;
                  return (
                    <Box as="li" key={area.id}>
                      <Box
                        asChild
                        display="flex"
                        alignItems="center"
                        gap={3}
                        minH="10"
                        px={3}
                        rounded="md"
                        fontSize="sm"
                        fontWeight={active ? 'semibold' : 'medium'}
                        color={active ? 'blue.fg' : 'fg'}
                        bg={active ? 'blue.subtle' : 'transparent'}
                        justifyContent={collapsed ? 'center' : 'flex-start'}
                        _hover={{ bg: active ? 'blue.subtle' : 'bg.muted' }}
                        _focusVisible={{ outline: '2px solid', outlineColor: 'blue.focusRing', outlineOffset: '1px' }}
                      >
                        <Link
                          href={area.path}
                          aria-current={active ? 'page' : undefined}
                          title={collapsed ? label : undefined}
                          data-testid={`admin-tab-${area.id}`}
                          onClick={() => onNavigate?.()}
                        >
                          <Box as="span" flexShrink={0} display="inline-flex">
                            <LineIcon d={area.icon} size={20} />
                          </Box>
                          <Box as="span" srOnly={collapsed} truncate>
                            {label}
                          </Box>
                        </Link>
                      </Box>
                    </Box>
                  );
                })}
              </Stack>
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}
