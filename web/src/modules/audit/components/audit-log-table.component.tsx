import { Box, HStack, IconButton, Link as ChakraLink, Stack, Table, Text } from '@chakra-ui/react';
import type { AuditEntryRow as AuditLogEntry } from '../utils/audit-entry.types.ts';
import { Fragment, useState } from 'react';
import { Link } from 'wouter';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { DataTable } from '../../ui/components/data-table.component.tsx';
import { LineIcon } from '../../ui/components/line-icon.component.tsx';
import { actionLabel, entityHref, entityLabel, formatAuditTime, shortId } from '../utils/audit-format.util.ts';
import { AuditActor } from './audit-actor.component.tsx';
import { OutcomeBadge, RiskBadge } from './audit-badges.component.tsx';
import { AuditChanges } from './audit-changes.component.tsx';
import { AuditEntryFacts } from './audit-entry-facts.component.tsx';

interface AuditLogTableProps {
  entries: AuditLogEntry[] | undefined;
  loading: boolean;
}

/** A chevron that points to the end when closed (mirrored in Arabic) and down when open. */
function Chevron({ open }: { open: boolean }) {
  return (
    <Box as="span" display="inline-flex" transition="transform 0.15s" transform={open ? 'rotate(90deg)' : undefined} _rtl={{ transform: open ? 'rotate(90deg)' : 'scaleX(-1)' }}>
      <LineIcon d="M9 6l6 6-6 6" size={16} />
    </Box>
  );
}

/**
 * The entries, newest first; each row expands to its per-field old → new values, IP address, user agent and the
 * rest of its facts (spec 02 "Audit Log viewer").
 */
export function AuditLogTable({ entries, loading }: AuditLogTableProps) {
  const { LL, locale } = useI18nContext();
  const t = LL.auditLog;
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const columns = [t.table.time(), t.table.user(), t.table.action(), t.table.entity(), t.table.entityId(), t.table.changes(), t.table.outcome(), t.table.risk()];

  const renderRow = (entry: AuditLogEntry) => {
    const expanded = open.has(entry.id);
    const href = entityHref(entry);
    const detailsId = `audit-entry-${entry.id}`;
    return (
      <Fragment key={entry.id}>
        <Table.Row data-testid="audit-row" data-entry-id={entry.id} data-action={entry.action} data-entity={entry.entity} data-expanded={expanded || undefined}>
          <Table.Cell whiteSpace="nowrap">
            <HStack gap={1}>
              <IconButton
                size="xs"
                variant="ghost"
                aria-expanded={expanded}
                aria-controls={detailsId}
                aria-label={expanded ? t.table.collapse({ position: entry.position }) : t.table.expand({ position: entry.position })}
                onClick={() => toggle(entry.id)}
                data-testid="audit-row-toggle"
              >
                <Chevron open={expanded} />
              </IconButton>
              {formatAuditTime(locale, entry.timestamp)}
            </HStack>
          </Table.Cell>
          <Table.Cell>
            <AuditActor entry={entry} />
          </Table.Cell>
          <Table.Cell whiteSpace="nowrap" data-testid="audit-action">
            {actionLabel(t, entry.action)}
          </Table.Cell>
          <Table.Cell whiteSpace="nowrap">{entityLabel(t, entry.entity)}</Table.Cell>
          <Table.Cell>
            {entry.entityId ? (
              href ? (
                <ChakraLink asChild colorPalette="blue" title={entry.entityId} data-testid="audit-entity-link">
                  <Link href={href}>
                    <bdi dir="ltr">{shortId(entry.entityId)}</bdi>
                  </Link>
                </ChakraLink>
              ) : (
                <Text as="span" title={entry.entityId} fontFamily="mono" fontSize="xs">
                  <bdi dir="ltr">{shortId(entry.entityId)}</bdi>
                </Text>
              )
            ) : (
              '–'
            )}
          </Table.Cell>
          <Table.Cell whiteSpace="nowrap" color="fg.muted" fontSize="xs">
            {entry.changes.length > 0 ? t.table.changeCount({ count: entry.changes.length }) : t.table.noChangeCount()}
          </Table.Cell>
          <Table.Cell>
            <OutcomeBadge outcome={entry.outcome} />
          </Table.Cell>
          <Table.Cell>
            <RiskBadge risk={entry.riskLevel} />
          </Table.Cell>
        </Table.Row>
        {expanded ? (
          <Table.Row id={detailsId} data-testid="audit-row-details" bg="bg.subtle">
            <Table.Cell colSpan={columns.length} py={4}>
              {/* Kept in view when the table scrolls sideways on a narrow screen (the row spans every column). */}
              <Stack gap={4} maxW={{ base: 'calc(100vw - 3rem)', md: '4xl' }} position="sticky" insetInlineStart={2}>
                <Stack gap={2}>
                  <Text fontWeight="semibold" fontSize="sm">
                    {t.details.changes()}
                  </Text>
                  <AuditChanges changes={entry.changes} />
                </Stack>
                <AuditEntryFacts entry={entry} />
              </Stack>
            </Table.Cell>
          </Table.Row>
        ) : null}
      </Fragment>
    );
  };

  return (
    <DataTable
      testId="audit-table"
      caption={t.table.caption()}
      columns={columns}
      rows={entries}
      loading={loading}
      loadingState={{ text: t.loading(), testId: 'audit-loading' }}
      emptyState={{ text: t.empty(), testId: 'audit-empty' }}
      renderRow={renderRow}
    />
  );
}
