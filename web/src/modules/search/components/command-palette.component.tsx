/**
 * The command palette (issue 12 §3): Ctrl+K (⌘+K on a Mac) anywhere in the admin workspace opens a dialog that
 * jumps to any area the user may open and searches customers, deals, tasks and bookings by name, e-mail or
 * company through one server query (`search.query`), results shown as you type.
 *
 * Use: mount `<CommandPalette user={user} areas={areas} />` once (the admin shell does); a button opens it with
 * `openCommandPalette()` (exported here; it dispatches a document event the mounted palette listens for).
 *
 * Keyboard (WAI-ARIA combobox with a listbox popup): focus stays in the input; ↑/↓ move the active option
 * (wrapping), Enter opens it, Escape closes the palette; Ctrl/⌘+K toggles it. The mouse works too.
 * Its strings live in the `commandPalette` namespace, loaded when the palette first opens.
 */
import { Badge, Box, CloseButton, Dialog, Flex, HStack, Input, Kbd, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { can } from '@crm/contracts/identity/permissions';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { SessionUser } from '../../api/trpc.client.ts';
import { formatCalendarDate, formatDollars } from '../../deals/utils/pipeline-format.util.ts';
import { I18nNamespaces } from '../../ui/components/i18n-namespaces.component.tsx';
import { LineIcon } from '../../ui/components/line-icon.component.tsx';
import { ICONS } from '../../ui/utils/line-icons.util.ts';
import { usePaletteShortcut } from '../hooks/use-palette-shortcut.hook.ts';
import { useSearchResults } from '../hooks/use-search-results.hook.ts';
import { filterAreas, paletteGroups, type PaletteArea, type PaletteItem } from '../utils/palette-items.util.ts';

export { openCommandPalette } from '../utils/command-palette-events.util.ts';

interface CommandPaletteProps {
  user: SessionUser;
  /** The areas the user may open, with their labels in the current language. */
  areas: readonly PaletteArea[];
}

export function CommandPalette({ user, areas }: CommandPaletteProps) {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const toggle = useCallback(() => setOpen((o) => !o), []);
  const show = useCallback(() => setOpen(true), []);
  usePaletteShortcut(toggle, show);

  const choose = useCallback(
    (item: PaletteItem) => {
      setOpen(false);
      navigate(item.path);
    },
    [navigate],
  );

  return (
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="top" size="lg" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="command-palette" overflow="hidden" mx={{ base: 2, md: 'auto' }}>
            <I18nNamespaces names={['commandPalette']}>
              <PaletteBody mayReadBookings={can(user.userType, 'bookings:read')} areas={areas} onChoose={choose} />
            </I18nNamespaces>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Data (names, e-mails, companies, titles) in its own direction: Latin text stays whole inside Arabic. */
const Data = ({ children }: { children: ReactNode }) => <bdi dir="auto">{children}</bdi>;

/** " · " between the parts that are present. */
function joined(parts: ReactNode[]): ReactNode {
  return parts.flatMap((part, i) => (i === 0 ? [part] : [<span key={`sep-${i}`}> · </span>, part]));
}

function PaletteBody({ mayReadBookings, areas, onChoose }: { mayReadBookings: boolean; areas: readonly PaletteArea[]; onChoose(item: PaletteItem): void }) {
  const { LL, locale } = useI18nContext();
  const t = LL.commandPalette;
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const typed = text.trim();
  const { query, settling } = useSearchResults(text);
  const results = typed && query.data ? query.data : null;
  const groups = useMemo(() => paletteGroups(filterAreas(areas, typed, locale), results), [areas, typed, locale, results]);
  const items = useMemo(() => groups.flatMap((g) => g.items), [groups]);
  const activeIndex = items.length === 0 ? -1 : Math.min(active, items.length - 1);

  // The input takes focus as soon as the dialog's content exists (after its strings have loaded).
  useEffect(() => inputRef.current?.focus(), []);
  useEffect(() => {
    if (activeIndex >= 0) document.getElementById(`${baseId}-option-${activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, baseId]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (items.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((Math.max(activeIndex, 0) + step + items.length) % items.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const item = items[activeIndex];
      if (item) onChoose(item);
    }
  };

  let status: ReactNode = null;
  if (!typed) status = t.hint();
  else if (query.isError && !settling) status = t.failed();
  else if (settling && (!results || items.length === 0))
    status = (
      <HStack gap={2} justify="center">
        <Spinner size="xs" />
        <span>{t.searching()}</span>
      </HStack>
    );
  else if (items.length === 0) status = t.noResults({ term: typed });

  let index = -1;
  return (
    <>
      <Dialog.Header p={0} borderBottomWidth="1px" borderColor="border.muted">
        <Dialog.Title srOnly>{t.title()}</Dialog.Title>
        <HStack ps={4} pe={{ base: 12, md: 4 }} py={2} gap={3} w="full" color="fg.muted">
          <LineIcon d={ICONS.search} size={20} />
          <Input
            ref={inputRef}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            maxLength={100}
            variant="flushed"
            border="none"
            size="lg"
            color="fg"
            placeholder={mayReadBookings ? t.placeholder() : t.placeholderNoBookings()}
            aria-label={t.inputLabel()}
            role="combobox"
            aria-expanded={items.length > 0}
            aria-controls={listboxId}
            aria-autocomplete="list"
            aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
            autoComplete="off"
            spellCheck={false}
            data-testid="command-palette-input"
          />
          {settling && typed ? <Spinner size="sm" data-testid="command-palette-loading" /> : null}
        </HStack>
      </Dialog.Header>
      <Dialog.Body px={2} py={2} maxH="60vh" overflowY="auto">
        <Box role="listbox" id={listboxId} aria-label={t.resultsLabel()} data-testid="command-palette-results">
          {groups.map((group) => (
            <Box key={group.key} role="group" aria-labelledby={`${baseId}-${group.key}`} mb={2} data-testid={`command-palette-group-${group.key}`}>
              <Text id={`${baseId}-${group.key}`} px={3} py={1} fontSize="xs" fontWeight="semibold" textTransform="uppercase" color="fg.muted">
                {t.groups[group.key]()}
              </Text>
              {group.items.map((item) => {
                index += 1;
                const i = index;
                const selected = i === activeIndex;
                return (
                  <Flex
                    key={item.key}
                    id={optionId(i)}
                    role="option"
                    aria-selected={selected}
                    data-testid={`command-palette-option-${item.kind}`}
                    data-id={item.kind === 'area' ? item.area.id : item.hit.id}
                    align="center"
                    gap={3}
                    px={3}
                    py={2}
                    rounded="md"
                    cursor="pointer"
                    bg={selected ? 'colorPalette.subtle' : undefined}
                    colorPalette="blue"
                    onMouseMove={() => i !== activeIndex && setActive(i)}
                    // Keep the focus in the input (combobox pattern).
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => onChoose(item)}
                  >
                    <PaletteOption item={item} />
                  </Flex>
                );
              })}
            </Box>
          ))}
        </Box>
        <Box role="status" aria-live="polite" px={3} py={status ? 4 : 0} textAlign="center" color="fg.muted" fontSize="sm" data-testid="command-palette-status">
          {status}
        </Box>
      </Dialog.Body>
      <Dialog.Footer display={{ base: 'none', md: 'flex' }} justifyContent="flex-start" gap={4} py={2} px={4} borderTopWidth="1px" borderColor="border.muted" fontSize="xs" color="fg.muted">
        <HStack gap={1}>
          <Kbd size="sm">↑</Kbd>
          <Kbd size="sm">↓</Kbd>
          <span>{t.keys.move()}</span>
        </HStack>
        <HStack gap={1}>
          <Kbd size="sm">↵</Kbd>
          <span>{t.keys.open()}</span>
        </HStack>
        <HStack gap={1}>
          <Kbd size="sm">Esc</Kbd>
          <span>{t.keys.close()}</span>
        </HStack>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild top={2} insetEnd={2} display={{ base: 'inline-flex', md: 'none' }}>
        <CloseButton size="sm" aria-label={LL.common.close()} data-testid="command-palette-close" />
      </Dialog.CloseTrigger>
    </>
  );
}

function PaletteOption({ item }: { item: PaletteItem }) {
  const { LL, locale } = useI18nContext();
  const t = LL.commandPalette;
  const line = (primary: ReactNode, secondary: ReactNode | null, badge: ReactNode | null, icon: string) => (
    <>
      <Box color="fg.muted" flexShrink={0}>
        <LineIcon d={icon} size={18} />
      </Box>
      <Stack gap={0} minW={0} flex="1">
        <Text fontWeight="medium" truncate>
          {primary}
        </Text>
        {secondary ? (
          <Text fontSize="xs" color="fg.muted" truncate>
            {secondary}
          </Text>
        ) : null}
      </Stack>
      {badge ? (
        <Badge size="sm" variant="subtle" flexShrink={0}>
          {badge}
        </Badge>
      ) : null}
    </>
  );

  switch (item.kind) {
    case 'area':
      return line(item.area.label, null, null, (ICONS as Record<string, string>)[item.area.id] ?? ICONS.compass);
    case 'customer': {
      const c = item.hit;
      return line(
        <Data>{c.name}</Data>,
        joined([<Data key="company">{c.company ?? t.noCompany()}</Data>, <Data key="email">{c.email ?? t.noEmail()}</Data>]),
        null,
        ICONS.customers,
      );
    }
    case 'deal': {
      const d = item.hit;
      return line(
        <Data>{d.title}</Data>,
        joined([...(d.customerName ? [<Data key="customer">{d.customerName}</Data>] : []), <Data key="value">{formatDollars(d.value, locale)}</Data>]),
        t.stages[d.stage](),
        ICONS.pipeline,
      );
    }
    case 'task': {
      const k = item.hit;
      const due = k.dueDate ? t.due({ date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(k.dueDate)) }) : t.noDueDate();
      return line(<Data>{k.title}</Data>, due, t.taskStatuses[k.status](), ICONS.tasks);
    }
    case 'booking': {
      const b = item.hit;
      return line(
        <Data>{b.name}</Data>,
        joined([
          ...(b.company ? [<Data key="company">{b.company}</Data>] : []),
          <Data key="email">{b.email}</Data>,
          <Data key="when">{`${formatCalendarDate(b.date, locale)} ${b.time}`}</Data>,
        ]),
        t.bookingStatuses[b.status](),
        ICONS.bookings,
      );
    }
  }
}
