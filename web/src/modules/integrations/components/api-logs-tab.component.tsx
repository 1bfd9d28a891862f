import { Badge, Box, Code, Field, HStack, Input, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { API_LOG_METHODS, API_LOG_STATUS_CLASSES, type ApiLogEntry } from '@crm/contracts/integrations/api-log.input';
import { useState } from 'react';
import { ListState, TabHeading } from './tab-parts.component.tsx';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { LabelledSelect } from '../../ui/components/labelled-select.component.tsx';
import { Pager } from '../../ui/components/pager.component.tsx';
import { SearchField } from '../../ui/components/search-field.component.tsx';
import { useDebouncedValue } from '../../ui/hooks/use-debounced-value.hook.ts';
import { useApiKeys } from '../hooks/use-api-keys.hook.ts';
import { useApiLogs } from '../hooks/use-api-logs.hook.ts';

const PAGE_SIZE = 25;
const METHODS = ['all', ...API_LOG_METHODS] as const;
const STATUSES = ['all', ...API_LOG_STATUS_CLASSES] as const;
const METHOD_PALETTE: Record<string, string> = { GET: 'blue', POST: 'green', PUT: 'orange', PATCH: 'orange', DELETE: 'red' };

const statusPalette = (status: number) => (status >= 500 ? 'red' : status >= 400 ? 'orange' : status >= 300 ? 'gray' : 'green');

/** `yyyy-mm-dd` of a date input as the start (or end) of that day in the browser's time zone, ISO. */
function dayBound(day: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = end ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d, 0, 0, 0, 0);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * The API Logs tab of the Integrations area (issue 15): every request made with an API key and every webhook
 * attempt, newest first, filtered by method, status class, key, endpoint and dates, paged on the server.
 */
export function ApiLogsTab() {
  const { LL, locale } = useI18nContext();
  const t = LL.integrations.apiLogs;
  const [method, setMethod] = useState<(typeof METHODS)[number]>('all');
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('all');
  const [keyId, setKeyId] = useState('all');
  const [search, setSearch] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const settledSearch = useDebouncedValue(search.trim(), 300);
  const keys = useApiKeys().list.data?.apiKeys ?? [];
  const logs = useApiLogs({
    method,
    status,
    keyId: keyId === 'all' ? undefined : keyId,
    search: settledSearch,
    from: dayBound(from, false),
    to: dayBound(to, true),
    page,
    limit: PAGE_SIZE,
  });
  const filter = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(1);
  };
  const time = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));
  const ms = (n: number) => t.durationMs({ ms: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(n) });
  const who = (row: ApiLogEntry) => row.keyName ?? (row.source === 'webhook' ? t.webhook() : t.unknownKey());
  const error = (row: ApiLogEntry) => (row.errorMessage || row.errorCode ? [row.errorCode, row.errorMessage].filter(Boolean).join(': ') : '—');
  const keyOptions = ['all', ...keys.map((k) => k.id)];
  const keyName = (id: string) => (id === 'all' ? t.allKeys() : (keys.find((k) => k.id === id)?.name ?? id));

  const rows = logs.data?.items ?? [];
  return (
    <Stack gap={4} data-testid="api-logs-tab">
      <TabHeading title={t.title()} description={t.description()} />

      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4, xl: 7 }} gap={3} as="form" role="search" aria-label={t.filtersLabel()} onSubmit={(e) => e.preventDefault()}>
        <SearchField label={t.search()} placeholder={t.searchPlaceholder()} value={search} onChange={filter(setSearch)} testId="api-logs-search" />
        <LabelledSelect label={t.method()} name="method" value={method} options={METHODS} labelOf={(m) => (m === 'all' ? t.allMethods() : m)} onChange={filter(setMethod)} testId="api-logs-method" />
        <LabelledSelect label={t.status()} name="status" value={status} options={STATUSES} labelOf={(s) => (s === 'all' ? t.allStatuses() : s)} onChange={filter(setStatus)} testId="api-logs-status" />
        <LabelledSelect label={t.key()} name="keyId" value={keyId} options={keyOptions} labelOf={keyName} onChange={filter(setKeyId)} testId="api-logs-key" />
        <Field.Root>
          <Field.Label>{t.from()}</Field.Label>
          <Input type="date" size="sm" name="from" value={from} max={to || undefined} onChange={(e) => filter(setFrom)(e.currentTarget.value)} data-testid="api-logs-from" />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t.to()}</Field.Label>
          <Input type="date" size="sm" name="to" value={to} min={from || undefined} onChange={(e) => filter(setTo)(e.currentTarget.value)} data-testid="api-logs-to" />
        </Field.Root>
      </SimpleGrid>

      <ListState query={logs} empty={rows.length === 0} texts={{ loading: t.loading(), loadFailed: t.loadFailed(), empty: t.empty() }} testId="api-logs">
          <Box display={{ base: 'none', md: 'block' }} overflowX="auto" borderWidth="1px" borderColor="border.muted" rounded="lg">
            <Table.Root size="sm" aria-label={t.listLabel()}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t.columns.time()}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.columns.integration()}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.columns.method()}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.columns.endpoint()}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.columns.status()}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t.columns.responseTime()}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.columns.requestId()}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.columns.error()}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((row) => (
                  <Table.Row key={row.id} data-testid="api-log-row" data-status={row.status} data-method={row.method}>
                    <Table.Cell whiteSpace="nowrap">{time(row.at)}</Table.Cell>
                    <Table.Cell>
                      <bdi>{who(row)}</bdi>
                    </Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={METHOD_PALETTE[row.method] ?? 'gray'} variant="subtle" dir="ltr">
                        {row.method}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell>
                      <Code dir="ltr" title={row.endpoint} whiteSpace="nowrap" data-testid="api-log-endpoint">
                        {row.path}
                      </Code>
                    </Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={statusPalette(row.status)} data-testid="api-log-status">
                        {row.status}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap">
                      {ms(row.durationMs)}
                    </Table.Cell>
                    <Table.Cell>
                      <Code dir="ltr" fontSize="xs" variant="plain">
                        {row.requestId}
                      </Code>
                    </Table.Cell>
                    <Table.Cell maxW="16rem" color={row.status >= 400 ? 'fg.error' : 'fg.muted'} fontSize="xs">
                      <bdi>{error(row)}</bdi>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
          {/* Phone: a card per request. */}
          <Stack display={{ base: 'flex', md: 'none' }} gap={3} as="ul" aria-label={t.listLabel()}>
            {rows.map((row) => (
              <Box as="li" key={row.id} listStyleType="none" borderWidth="1px" borderColor="border.muted" rounded="lg" p={3} data-testid="api-log-card">
                <HStack justify="space-between" gap={2} wrap="wrap">
                  <HStack gap={2}>
                    <Badge colorPalette={METHOD_PALETTE[row.method] ?? 'gray'} variant="subtle" dir="ltr">
                      {row.method}
                    </Badge>
                    <Badge colorPalette={statusPalette(row.status)}>{row.status}</Badge>
                  </HStack>
                  <Text fontSize="xs" color="fg.muted">
                    {time(row.at)}
                  </Text>
                </HStack>
                <Code dir="ltr" mt={2} display="block" wordBreak="break-all">
                  {row.path}
                </Code>
                <Text fontSize="sm" mt={2}>
                  <bdi>{who(row)}</bdi> · {ms(row.durationMs)}
                </Text>
                <Text fontSize="xs" color="fg.muted" dir="ltr" textAlign="start">
                  {row.requestId}
                </Text>
                {row.status >= 400 ? (
                  <Text fontSize="xs" color="fg.error" mt={1}>
                    <bdi>{error(row)}</bdi>
                  </Text>
                ) : null}
              </Box>
            ))}
          </Stack>
          <Pager page={page} pageSize={PAGE_SIZE} total={logs.data?.total ?? 0} labels={t.pager} testId="api-logs-pager" onPage={setPage} />
      </ListState>
    </Stack>
  );
}
