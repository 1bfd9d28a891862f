import { Alert, Box, Button, CloseButton, Dialog, Field, HStack, NativeSelect, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { CRM_LIMITS } from '@crm/contracts/crm/crm.constants';
import { useRef, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { useCustomerImport } from '../hooks/use-customer-import.hook.ts';
import { errorsCsv, guessMapping, IMPORT_FIELDS, isBlankRecord, type ColumnMapping, type ImportField } from '../utils/csv-import.util.ts';

interface ParsedCsv {
  fileName: string;
  headers: string[];
  records: string[][];
}

type ParseState = { kind: 'empty' } | { kind: 'parsing' } | { kind: 'error'; message: string } | { kind: 'ready'; csv: ParsedCsv };

/** Parses in the browser with papaparse, loaded only when a file is picked (it stays out of the admin chunk). */
async function parseCsv(file: File): Promise<string[][]> {
  const { default: Papa } = await import('papaparse');
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(file, {
      skipEmptyLines: 'greedy',
      complete: (result) => (result.errors.length > 0 && result.data.length === 0 ? reject(new Error(result.errors[0]!.message)) : resolve(result.data)),
      error: (error) => reject(error),
    });
  });
}

/**
 * Import customers from a CSV file (beyond the spec): pick, preview, map columns, import in chunks of 500 with
 * progress; the summary lists per-row errors (row numbers count data rows, the header excluded).
 */
export function CustomerImportDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { LL } = useI18nContext();
  const t = LL.customers.importDialog;
  const f = LL.customers.form;
  const [parse, setParse] = useState<ParseState>({ kind: 'empty' });
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>([]);
  const { progress, start, stop, reset } = useCustomerImport();
  const running = progress.phase === 'running';
  const finished = progress.phase === 'done' || progress.phase === 'stopped' || progress.phase === 'failed';

  const fieldLabel: Record<ImportField, string> = {
    name: f.name(),
    email: f.email(),
    phone: f.phone(),
    company: f.company(),
    website: f.website(),
    address: f.address(),
    city: f.city(),
    country: f.country(),
    industry: f.industry(),
    status: f.status(),
    leadScore: LL.customers.table.leadScore(),
    leadSource: f.source(),
    tags: f.tags(),
    notes: f.notes(),
  };
  /** A field of an error by its label (`tags.2` by that of Tags); a field the form does not know, as sent. */
  const labelOf = (field: string) => fieldLabel[field.split('.')[0] as ImportField] ?? field;

  const close = () => {
    if (running) stop();
    setParse({ kind: 'empty' });
    setFileName(null);
    if (fileInput.current) fileInput.current.value = '';
    setMapping([]);
    reset();
    onClose();
  };

  const pick = async (file: File | undefined) => {
    reset();
    setFileName(file?.name ?? null);
    if (!file) return setParse({ kind: 'empty' });
    setParse({ kind: 'parsing' });
    try {
      const rows = await parseCsv(file);
      const [headers, ...rest] = rows;
      const records = rest.filter((r) => !isBlankRecord(r));
      if (!headers || records.length === 0) return setParse({ kind: 'error', message: t.noRows() });
      if (records.length > CRM_LIMITS.importRows) return setParse({ kind: 'error', message: t.tooMany({ max: CRM_LIMITS.importRows }) });
      setMapping(guessMapping(headers));
      setParse({ kind: 'ready', csv: { fileName: file.name, headers, records } });
    } catch {
      setParse({ kind: 'error', message: t.parseFailed() });
    }
  };

  const csv = parse.kind === 'ready' ? parse.csv : null;
  const hasName = mapping.includes('name');
  const errorsHref = finished && progress.errors.length > 0 ? `data:text/csv;charset=utf-8,${encodeURIComponent(errorsCsv(progress.errors, [t.errorsCsvColumns.row(), t.errorsCsvColumns.field(), t.errorsCsvColumns.message()], labelOf))}` : null;

  return (
    <Dialog.Root open={open} onOpenChange={(d) => (d.open ? undefined : close())} size={{ base: 'full', md: 'xl' }} placement="center" scrollBehavior="inside" closeOnInteractOutside={!running}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="customer-import-dialog">
            <Dialog.Header>
              <Dialog.Title>{t.title()}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap={4}>
                <Field.Root disabled={running}>
                  <Field.Label>{t.pick()}</Field.Label>
                  {/* The browser's own file control would speak the browser's language: a button of ours opens it. */}
                  <input ref={fileInput} type="file" hidden accept=".csv,text/csv" onChange={(e) => void pick(e.currentTarget.files?.[0])} data-testid="customer-import-file" />
                  <HStack gap={3}>
                    <Button size="sm" variant="outline" disabled={running} onClick={() => fileInput.current?.click()} data-testid="customer-import-choose">
                      {t.choose()}
                    </Button>
                    <Text fontSize="sm" color="fg.muted" truncate data-testid="customer-import-file-name">
                      <bdi>{fileName ?? t.noFile()}</bdi>
                    </Text>
                  </HStack>
                  <Field.HelperText>{t.pickHint()}</Field.HelperText>
                </Field.Root>
                {parse.kind === 'parsing' ? <Text color="fg.muted">{t.parsing()}</Text> : null}
                {parse.kind === 'error' ? (
                  <Alert.Root status="error" data-testid="customer-import-parse-error">
                    <Alert.Indicator />
                    <Alert.Title>{parse.message}</Alert.Title>
                  </Alert.Root>
                ) : null}
                {csv && progress.phase === 'idle' ? (
                  <>
                    <Text fontWeight="medium" data-testid="customer-import-count">
                      {t.rows({ count: csv.records.length })}
                    </Text>
                    <Box>
                      <Text fontSize="sm" fontWeight="medium" mb={1}>
                        {t.preview()}
                      </Text>
                      <Table.ScrollArea borderWidth="1px" borderColor="border.muted" rounded="md" maxH="12rem">
                        <Table.Root size="sm" data-testid="customer-import-preview">
                          <Table.Header>
                            <Table.Row bg="bg.subtle">
                              {csv.headers.map((h, i) => (
                                <Table.ColumnHeader key={i} whiteSpace="nowrap">
                                  {h}
                                </Table.ColumnHeader>
                              ))}
                            </Table.Row>
                          </Table.Header>
                          <Table.Body>
                            {csv.records.slice(0, 5).map((record, r) => (
                              <Table.Row key={r}>
                                {csv.headers.map((_, i) => (
                                  <Table.Cell key={i} whiteSpace="nowrap">
                                    {record[i] ?? ''}
                                  </Table.Cell>
                                ))}
                              </Table.Row>
                            ))}
                          </Table.Body>
                        </Table.Root>
                      </Table.ScrollArea>
                    </Box>
                    <Box>
                      <Text fontSize="sm" fontWeight="medium" mb={1}>
                        {t.mapping()}
                      </Text>
                      <Stack gap={2} data-testid="customer-import-mapping">
                        {csv.headers.map((header, i) => (
                          <HStack key={i} gap={3}>
                            <Text flex="1" fontSize="sm" truncate>
                              {header}
                            </Text>
                            <NativeSelect.Root size="sm" flex="1">
                              <NativeSelect.Field
                                aria-label={`${t.column()}: ${header}`}
                                value={mapping[i] ?? 'ignore'}
                                data-testid={`customer-import-map-${i}`}
                                onChange={(e) => {
                                  const value = e.currentTarget.value;
                                  const next = IMPORT_FIELDS.find((field) => field === value) ?? 'ignore';
                                  setMapping((m) => m.map((old, j) => (j === i ? next : old === next && next !== 'ignore' ? 'ignore' : old)));
                                }}
                              >
                                <option value="ignore">{t.ignore()}</option>
                                {IMPORT_FIELDS.map((field) => (
                                  <option key={field} value={field}>
                                    {fieldLabel[field]}
                                  </option>
                                ))}
                              </NativeSelect.Field>
                              <NativeSelect.Indicator />
                            </NativeSelect.Root>
                          </HStack>
                        ))}
                      </Stack>
                      {!hasName ? (
                        <Text color="red.fg" fontSize="sm" mt={2} data-testid="customer-import-need-name">
                          {t.needName()}
                        </Text>
                      ) : null}
                    </Box>
                  </>
                ) : null}
                {progress.phase !== 'idle' ? (
                  <Box data-testid="customer-import-progress">
                    <HStack justify="space-between" fontSize="sm">
                      <Text fontWeight="medium">{t.progressLabel()}</Text>
                      <Text data-testid="customer-import-progress-text">{t.progress({ done: progress.done, total: progress.total })}</Text>
                    </HStack>
                    <Box
                      mt={1}
                      h="2"
                      bg="bg.muted"
                      rounded="full"
                      overflow="hidden"
                      role="progressbar"
                      aria-label={t.progressLabel()}
                      aria-valuemin={0}
                      aria-valuemax={progress.total}
                      aria-valuenow={progress.done}
                    >
                      <Box h="full" bg="blue.solid" width={`${progress.total ? (progress.done / progress.total) * 100 : 0}%`} transition="width 0.2s" />
                    </Box>
                  </Box>
                ) : null}
                {finished ? (
                  <Stack gap={3} data-testid="customer-import-summary">
                    <Alert.Root status={progress.phase === 'failed' ? 'error' : progress.errors.length > 0 ? 'warning' : 'success'}>
                      <Alert.Indicator />
                      <Alert.Content>
                        <Alert.Title data-testid="customer-import-summary-text">
                          {t.summary({ imported: progress.imported.length, failed: progress.errors.length })}
                        </Alert.Title>
                        {progress.phase === 'stopped' ? <Alert.Description>{t.stopped({ done: progress.done })}</Alert.Description> : null}
                        {progress.phase === 'failed' ? <Alert.Description>{t.failed({ reason: progress.reason ?? '—' })}</Alert.Description> : null}
                      </Alert.Content>
                    </Alert.Root>
                    {progress.errors.length > 0 ? (
                      <Box>
                        <HStack justify="space-between" mb={1}>
                          <Text fontWeight="medium">{t.errorsTitle()}</Text>
                          {errorsHref ? (
                            <Button asChild size="xs" variant="outline">
                              <a href={errorsHref} download="customer-import-errors.csv">
                                {t.downloadErrors()}
                              </a>
                            </Button>
                          ) : null}
                        </HStack>
                        <Stack as="ul" gap={1} maxH="12rem" overflowY="auto" data-testid="customer-import-errors">
                          {progress.errors.map((e) => (
                            <Box as="li" key={e.row} fontSize="sm" data-testid="customer-import-error" data-row={e.row}>
                              <Text as="span" fontWeight="semibold">
                                {t.row({ row: e.row })}
                              </Text>
                              {': '}
                              {Object.entries(e.errors)
                                .map(([field, messages]) => `${labelOf(field)}: ${messages.join(', ')}`)
                                .join('; ')}
                            </Box>
                          ))}
                        </Stack>
                      </Box>
                    ) : null}
                    {progress.imported.length > 0 ? (
                      <Box>
                        <Text fontWeight="medium" mb={1}>
                          {t.importedTitle()}
                        </Text>
                        <Stack as="ul" gap={0} maxH="10rem" overflowY="auto" fontSize="sm" data-testid="customer-import-imported">
                          {progress.imported.map((r) => (
                            <Box as="li" key={r.row} data-testid="customer-import-ok">
                              {t.row({ row: r.row })}: {r.name}
                            </Box>
                          ))}
                        </Stack>
                      </Box>
                    ) : null}
                  </Stack>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              {running ? (
                <Button variant="outline" colorPalette="red" onClick={stop} data-testid="customer-import-stop">
                  {t.stop()}
                </Button>
              ) : finished ? (
                <Button onClick={close} data-testid="customer-import-close">
                  {t.close()}
                </Button>
              ) : (
                <>
                  <Button variant="outline" onClick={close}>
                    {t.cancel()}
                  </Button>
                  <Button colorPalette="blue" disabled={!csv || !hasName} onClick={() => csv && void start(csv.records, mapping)} data-testid="customer-import-start">
                    {t.start({ count: csv?.records.length ?? 0 })}
                  </Button>
                </>
              )}
            </Dialog.Footer>
            {!running ? (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={LL.common.close()} />
              </Dialog.CloseTrigger>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
