import { Badge, Box, Button, Checkbox, Code, Dialog, Field, HStack, Input, Portal, Stack, Table, Text } from '@chakra-ui/react';
import type { ApiKeyScope, ApiKeyView, CreatedApiKey } from '@crm/contracts';
import { useState } from 'react';
import { ListState, ShownOnceDialog, TabHeading } from './tab-parts.component.tsx';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { describeApiError } from '../../api/api-error.util.ts';
import { serverMessage } from '../../api/server-message.util.ts';
import { useSession } from '../../auth/hooks/use-session.hook.ts';
import { ConfirmDialog } from '../../ui/components/confirm-dialog.component.tsx';
import { toast, toastError } from '../../ui/utils/app-toaster.util.ts';
import { useApiKeys } from '../hooks/use-api-keys.hook.ts';
import { expiryToIso, scopeRows, type ApiKeyArea } from '../utils/api-key-scopes.util.ts';

const STATUS_PALETTE: Record<ApiKeyView['status'], string> = { active: 'green', expired: 'orange', revoked: 'gray' };

function formatTime(locale: string, iso: string | null, never: string): string {
  return iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : never;
}

/** The API Keys tab of the Integrations area: generate (the key shown once), list masked, revoke. */
export function ApiKeysTab() {
  const { LL, locale } = useI18nContext();
  const t = LL.integrations.apiKeys;
  const { list, create, revoke } = useApiKeys();
  const [generating, setGenerating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);

  const scopeLabel = (scope: string) => {
    const [area, access] = scope.split(':') as [ApiKeyArea, 'read' | 'write'];
    return `${t.areas[area]?.() ?? area}: ${t.access[access]?.() ?? access}`;
  };

  const confirmRevoke = async (key: ApiKeyView) => {
    try {
      await revoke.mutateAsync({ id: key.id });
      toast({ type: 'success', title: t.revoked() });
    } catch (caught) {
      const failure = describeApiError(caught);
      toastError(LL, t.revokeFailed({ reason: (failure.kind === 'server' ? serverMessage(failure, LL) : null) ?? LL.common.error() }));
    } finally {
      setRevoking(null);
    }
  };

  const keys = list.data?.apiKeys ?? [];
  return (
    <Stack gap={4} data-testid="api-keys-tab">
      <TabHeading title={t.title()} description={t.description()} action={{ label: t.generate(), onClick: () => setGenerating(true), testId: 'api-key-generate' }} />

      <ListState query={list} empty={keys.length === 0} texts={{ loading: t.loading(), loadFailed: t.loadFailed(), empty: t.empty() }} testId="api-keys">
          <Box display={{ base: 'none', md: 'block' }} overflowX="auto" borderWidth="1px" borderColor="border.muted" rounded="lg">
            <Table.Root size="sm" aria-label={t.listLabel()}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t.columns.name()}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.columns.key()}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.columns.scopes()}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.columns.status()}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.columns.lastUsed()}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t.columns.usage()}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.columns.expires()}</Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Box srOnly>{t.columns.actions()}</Box>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {keys.map((key) => (
                  <Table.Row key={key.id} data-testid="api-key-row" data-key-id={key.id} data-status={key.status}>
                    <Table.Cell fontWeight="medium">
                      <bdi>{key.name}</bdi>
                    </Table.Cell>
                    <Table.Cell>
                      <Code dir="ltr" data-testid="api-key-masked">
                        {key.masked}
                      </Code>
                    </Table.Cell>
                    <Table.Cell maxW="18rem">
                      <HStack wrap="wrap" gap={1}>
                        {key.scopes.map((s) => (
                          <Badge key={s} variant="subtle" size="sm">
                            {scopeLabel(s)}
                          </Badge>
                        ))}
                      </HStack>
                    </Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={STATUS_PALETTE[key.status]} data-testid="api-key-status">
                        {t.status[key.status]()}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatTime(locale, key.lastUsedAt, t.never())}</Table.Cell>
                    <Table.Cell textAlign="end" data-testid="api-key-usage">
                      {new Intl.NumberFormat(locale).format(key.usageCount)}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatTime(locale, key.expiresAt, t.noExpiry())}</Table.Cell>
                    <Table.Cell textAlign="end">
                      {key.status !== 'revoked' ? (
                        <Button size="xs" variant="outline" colorPalette="red" aria-label={t.revokeLabel({ name: key.name })} onClick={() => setRevoking(key)} data-testid="api-key-revoke">
                          {t.revoke()}
                        </Button>
                      ) : null}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
          <Stack display={{ base: 'flex', md: 'none' }} gap={3} aria-label={t.listLabel()} role="list">
            {keys.map((key) => (
              <Box key={key.id} role="listitem" borderWidth="1px" borderColor="border.muted" rounded="lg" p={3} data-testid="api-key-card" data-key-id={key.id}>
                <HStack justify="space-between" mb={1}>
                  <Text fontWeight="medium" overflowWrap="anywhere">
                    <bdi>{key.name}</bdi>
                  </Text>
                  <Badge colorPalette={STATUS_PALETTE[key.status]}>{t.status[key.status]()}</Badge>
                </HStack>
                <Code dir="ltr">{key.masked}</Code>
                <HStack wrap="wrap" gap={1} mt={2}>
                  {key.scopes.map((s) => (
                    <Badge key={s} variant="subtle" size="sm">
                      {scopeLabel(s)}
                    </Badge>
                  ))}
                </HStack>
                <Text fontSize="sm" color="fg.muted" mt={2}>
                  {t.columns.lastUsed()}: {formatTime(locale, key.lastUsedAt, t.never())} · {t.columns.usage()}: {new Intl.NumberFormat(locale).format(key.usageCount)}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {t.columns.expires()}: {formatTime(locale, key.expiresAt, t.noExpiry())}
                </Text>
                {key.status !== 'revoked' ? (
                  <Button mt={2} size="xs" variant="outline" colorPalette="red" aria-label={t.revokeLabel({ name: key.name })} onClick={() => setRevoking(key)}>
                    {t.revoke()}
                  </Button>
                ) : null}
              </Box>
            ))}
          </Stack>
      </ListState>

      <GenerateApiKeyDialog
        open={generating}
        pending={create.isPending}
        onClose={() => setGenerating(false)}
        onSubmit={async (input) => {
          const { apiKey } = await create.mutateAsync(input);
          setGenerating(false);
          setCreated(apiKey);
        }}
      />
      <ShownOnceDialog
        value={created?.key ?? null}
        texts={{ title: t.created.title(), warning: t.created.warning(), copy: t.created.copy(), copied: t.created.copied(), copyFailed: t.created.copyFailed(), done: t.created.done() }}
        testIds={{ dialog: 'api-key-created-dialog', value: 'api-key-value', copy: 'api-key-copy', done: 'api-key-done' }}
        onClose={() => setCreated(null)}
      />
      <ConfirmDialog
        subject={revoking}
        title={t.revokeTitle()}
        text={{ sentence: (mark) => t.revokeText({ name: mark }), name: revoking?.name ?? '' }}
        cancelLabel={t.revokeCancel()}
        confirmLabel={t.revokeConfirm()}
        pending={revoke.isPending}
        onConfirm={(key) => void confirmRevoke(key)}
        onClose={() => setRevoking(null)}
        testId="api-key-revoke"
      />
    </Stack>
  );
}

interface GenerateProps {
  open: boolean;
  pending: boolean;
  onClose(): void;
  onSubmit(input: { name: string; scopes: ApiKeyScope[]; expiresAt: string | null }): Promise<void>;
}

/** "Generate API Key": a name (required), the scopes the viewer's role may grant, an optional expiry. */
function GenerateApiKeyDialog({ open, pending, onClose, onSubmit }: GenerateProps) {
  const { LL } = useI18nContext();
  const t = LL.integrations.apiKeys;
  const session = useSession();
  const rows = session.data ? scopeRows(session.data.userType) : [];
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Set<ApiKeyScope>>(new Set());
  const [expiry, setExpiry] = useState('');
  const [errors, setErrors] = useState<{ name?: string; scopes?: string; form?: string }>({});

  const close = () => {
    setName('');
    setScopes(new Set());
    setExpiry('');
    setErrors({});
    onClose();
  };
  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((current) => {
      const next = new Set(current);
      if (on) next.add(scope);
      else next.delete(scope);
      return next;
    });
  const submit = async () => {
    const found: typeof errors = {};
    if (!name.trim()) found.name = t.dialog.nameRequired();
    if (scopes.size === 0) found.scopes = t.dialog.scopesRequired();
    setErrors(found);
    if (found.name || found.scopes) return;
    try {
      await onSubmit({ name: name.trim(), scopes: [...scopes], expiresAt: expiryToIso(expiry) });
      setName('');
      setScopes(new Set());
      setExpiry('');
      setErrors({});
    } catch (caught) {
      const failure = describeApiError(caught);
      setErrors({ form: t.dialog.failed({ reason: (failure.kind === 'server' ? serverMessage(failure, LL) : null) ?? LL.common.error() }) });
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(d) => (d.open ? undefined : close())} placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="api-key-dialog" mx={3}>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void submit();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{t.dialog.title()}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap={4}>
                  <Field.Root required invalid={!!errors.name}>
                    <Field.Label>{t.dialog.name()}</Field.Label>
                    <Input name="name" maxLength={100} placeholder={t.dialog.namePlaceholder()} value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="api-key-name" />
                    {errors.name ? <Field.ErrorText data-testid="api-key-name-error">{errors.name}</Field.ErrorText> : null}
                  </Field.Root>
                  {/* Not a Field: its one input id would go to every checkbox (a label would toggle the first). */}
                  <Box>
                    <Box as="fieldset" width="full">
                      <Box as="legend" fontSize="sm" fontWeight="medium" mb={1}>
                        {t.dialog.scopes()}
                      </Box>
                      <Text fontSize="xs" color="fg.muted" mb={2}>
                        {t.dialog.scopesHint()}
                      </Text>
                      <Stack gap={1.5}>
                        {rows.map((row) => (
                          <HStack key={row.area} justify="space-between" borderBottomWidth="1px" borderColor="border.muted" py={1}>
                            <Text fontSize="sm">{t.areas[row.area]()}</Text>
                            <HStack gap={4}>
                              {(['read', 'write'] as const).map((access) => {
                                const scope = row[access];
                                if (!scope) return <Box key={access} minW="5rem" />;
                                return (
                                  <Checkbox.Root key={access} size="sm" minW="5rem" checked={scopes.has(scope)} onCheckedChange={(d) => toggle(scope, d.checked === true)} data-testid={`api-key-scope-${scope}`}>
                                    <Checkbox.HiddenInput aria-label={`${t.areas[row.area]()}: ${t.access[access]()}`} />
                                    <Checkbox.Control />
                                    <Checkbox.Label>{t.access[access]()}</Checkbox.Label>
                                  </Checkbox.Root>
                                );
                              })}
                            </HStack>
                          </HStack>
                        ))}
                      </Stack>
                    </Box>
                    {errors.scopes ? (
                      <Text color="fg.error" fontSize="xs" mt={1} data-testid="api-key-scopes-error">
                        {errors.scopes}
                      </Text>
                    ) : null}
                  </Box>
                  <Field.Root>
                    <Field.Label>{t.dialog.expiry()}</Field.Label>
                    <Input type="datetime-local" name="expiresAt" value={expiry} onChange={(e) => setExpiry(e.currentTarget.value)} data-testid="api-key-expiry" />
                    <Field.HelperText>{t.dialog.expiryHint()}</Field.HelperText>
                  </Field.Root>
                  {errors.form ? (
                    <Text color="fg.error" fontSize="sm" role="alert" data-testid="api-key-form-error">
                      {errors.form}
                    </Text>
                  ) : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close}>
                  {t.dialog.cancel()}
                </Button>
                <Button type="submit" colorPalette="blue" loading={pending} data-testid="api-key-submit">
                  {t.dialog.submit()}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
