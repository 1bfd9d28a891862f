import { Box, DataList, Link as ChakraLink, Text } from '@chakra-ui/react';
import type { AuditEntryRow as AuditLogEntry } from '../utils/audit-entry.types.ts';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { actionLabel, auditLocationLabel, deviceLabel, entityHref, entityLabel, formatAuditTime, actorLines } from '../utils/audit-format.util.ts';

/** Latin data (addresses, user agents, ids) kept left to right inside an Arabic page. */
function Ltr({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Text as="span" dir="ltr" fontFamily="mono" fontSize="xs" wordBreak="break-all" data-testid={testId}>
      <bdi>{children}</bdi>
    </Text>
  );
}

/**
 * An entry's facts as a definition list: who (and their role), what, on which record, when, from where (IP,
 * location, device, user agent), its session and correlation ids. `full` adds the event type, position and hash.
 */
export function AuditEntryFacts({ entry, full = false }: { entry: AuditLogEntry; full?: boolean }) {
  const { LL, locale } = useI18nContext();
  const t = LL.auditLog;
  const none = t.details.none();
  const href = entityHref(entry);
  const actor = actorLines(t, entry);
  const items: { key: string; label: string; value: ReactNode }[] = [
    { key: 'timestamp', label: t.details.timestamp(), value: formatAuditTime(locale, entry.timestamp) },
    {
      key: 'user',
      label: t.details.user(),
      value: (
        <>
          {actor.name ? (
            <>
              <bdi>{actor.name}</bdi> · {actor.role}
            </>
          ) : (
            actor.role
          )}
        </>
      ),
    },
    { key: 'action', label: t.details.action(), value: actionLabel(t, entry.action) },
    {
      key: 'resource',
      label: t.details.resource(),
      value: (
        <>
          {entityLabel(t, entry.entity)}{' '}
          {entry.entityId ? (
            href ? (
              <ChakraLink asChild colorPalette="blue" data-testid="audit-entity-link">
                <Link href={href}>
                  <Ltr>{entry.entityId}</Ltr>
                </Link>
              </ChakraLink>
            ) : (
              <Ltr>{entry.entityId}</Ltr>
            )
          ) : null}
        </>
      ),
    },
    { key: 'ip', label: t.details.ipAddress(), value: entry.ipAddress ? <Ltr testId="audit-detail-ip">{entry.ipAddress}</Ltr> : none },
    { key: 'location', label: t.details.location(), value: auditLocationLabel(t, entry.location) },
    { key: 'device', label: t.details.device(), value: `${deviceLabel(t, entry.device)} · ${entry.browser} · ${entry.os}` },
    { key: 'userAgent', label: t.details.userAgent(), value: entry.userAgent ? <Ltr testId="audit-detail-ua">{entry.userAgent}</Ltr> : none },
    { key: 'session', label: t.details.session(), value: entry.sessionId ? <Ltr>{entry.sessionId}</Ltr> : none },
    { key: 'correlation', label: t.details.correlation(), value: entry.correlationId ? <Ltr>{entry.correlationId}</Ltr> : none },
  ];
  if (full) {
    items.push(
      { key: 'event', label: t.details.eventType(), value: <Ltr>{entry.eventType}</Ltr> },
      { key: 'position', label: t.details.position(), value: <Ltr>{String(entry.position)}</Ltr> },
      { key: 'hash', label: t.details.hash(), value: <Ltr>{entry.hash}</Ltr> },
    );
  }
  return (
    <DataList.Root orientation="horizontal" size="sm" gap={2}>
      {items.map((item) => (
        <DataList.Item key={item.key} data-testid={`audit-fact-${item.key}`}>
          <DataList.ItemLabel minW="32">{item.label}</DataList.ItemLabel>
          <DataList.ItemValue>
            {/* One inline box: the value's parts keep the spaces between them (the item value is a flex container). */}
            <Box as="span" minW={0}>
              {item.value}
            </Box>
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
