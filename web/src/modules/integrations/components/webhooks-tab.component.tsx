import { Badge, Box, Button, Checkbox, Code, Dialog, Field, HStack, Input, Portal, SimpleGrid, Spinner, Stack, Table, Text, chakra } from '@chakra-ui/react';
import type { WebhookView } from '@crm/contracts/integrations/webhook.input';
import { useState } from 'react';
import { ListState, ShownOnceDialog, TabHeading } from './tab-parts.component.tsx';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { describeApiError } from '../../api/api-error.util.ts';
import { serverMessage } from '../../api/server-message.util.ts';
import { ConfirmDialog } from '../../ui/components/confirm-dialog.component.tsx';
import { toast, toastError } from '../../ui/utils/app-toaster.util.ts';
import { useWebhookDeliveries } from '../hooks/use-webhook-deliveries.hook.ts';
import { useWebhooks } from '../hooks/use-webhooks.hook.ts';

/** The dialog's form keeps the flex column, so its body scrolls and its footer stays inside on a phone. */
const DialogForm = chakra('form');

function formatTime(locale: string, iso: string | null, never: string): string {
  return iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : never;
}

type Secret = { secret: string; rotated: boolean } | null;

/** The Webhooks tab of the Integrations area: create (secret shown once), list with health, test, rotate, deliveries with Retry. */
export function WebhooksTab() {
  const { LL, locale } = useI18nContext();
  const t = LL.integrations.webhooks;
  const { list, eventTypes, create, update, rotateSecret, remove, test } = useWebhooks();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<Secret>(null);
  const [deleting, setDeleting] = useState<WebhookView | null>(null);
  const [logOf, setLogOf] = useState<WebhookView | null>(null);

  const failed = (caught: unknown) => {
    const failure = describeApiError(caught);
    toastError(LL, t.actionFailed({ reason: (failure.kind === 'server' ? serverMessage(failure, LL) : null) ?? LL.common.error() }));
  };
  const act = async (fn: () => Promise<unknown>, done?: string) => {
    try {
      await fn();
      if (done) toast({ type: 'success', title: done });
    } catch (caught) {
      failed(caught);
    }
  };

  const hooks = list.data?.webhooks ?? [];
  const health = (w: WebhookView) => (
    <Stack gap={0} fontSize="sm">
      <Text data-testid="webhook-health">{t.health({ ok: w.health.successCount, failed: w.health.failureCount })}</Text>
      <Text color="fg.muted" fontSize="xs">
        {t.lastSuccess({ time: formatTime(locale, w.health.lastSuccessAt, t.never()) })}
      </Text>
    </Stack>
  );
  const statusBadge = (w: WebhookView) => (
    <Badge colorPalette={w.active ? 'green' : 'gray'} title={w.disabledReason ? t.disabledReason[w.disabledReason as 'gone' | 'failing' | 'manual']?.() : undefined} data-testid="webhook-status">
      {w.active ? t.status.active() : t.status.disabled()}
    </Badge>
  );
  const actions = (w: WebhookView) => (
    <HStack gap={1} wrap="wrap" justify={{ base: 'flex-start', md: 'flex-end' }} role="group" aria-label={t.actionsLabel({ name: w.name })}>
      <Button size="xs" variant="outline" onClick={() => setLogOf(w)} data-testid="webhook-deliveries">
        {t.deliveries()}
      </Button>
      <Button size="xs" variant="outline" disabled={!w.active} loading={test.isPending && test.variables?.id === w.id} onClick={() => void act(() => test.mutateAsync({ id: w.id }), t.testSent())} data-testid="webhook-test">
        {t.sendTest()}
      </Button>
      <Button size="xs" variant="outline" onClick={() => void act(async () => setSecret({ secret: (await rotateSecret.mutateAsync({ id: w.id })).secret, rotated: true }))} data-testid="webhook-rotate">
        {t.rotate()}
      </Button>
      <Button size="xs" variant="outline" onClick={() => void act(() => update.mutateAsync({ id: w.id, active: !w.active }))} data-testid="webhook-toggle">
        {w.active ? t.disable() : t.enable()}
      </Button>
      <Button size="xs" variant="outline" colorPalette="red" onClick={() => setDeleting(w)} data-testid="webhook-delete">
        {t.delete()}
      </Button>
    </HStack>
  );

  return (
    <Stack gap={4} data-testid="webhooks-tab">
      <TabHeading title={t.title()} description={t.description()} action={{ label: t.create(), onClick: () => setCreating(true), testId: 'webhook-create' }} />

      <ListState query={list} empty={hooks.length === 0} texts={{ loading: t.loading(), loadFailed: t.loadFailed(), empty: t.empty() }} testId="webhooks">
          <Box display={{ base: 'none', lg: 'block' }} overflowX="auto" borderWidth="1px" borderColor="border.muted" rounded="lg">
            <Table.Root size="sm" aria-label={t.listLabel()}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t.columns.name()}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.columns.url()}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.columns.events()}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.columns.status()}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.columns.health()}</Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Box srOnly>{t.columns.actions()}</Box>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {hooks.map((w) => (
                  <Table.Row key={w.id} data-testid="webhook-row" data-webhook-id={w.id} data-active={w.active}>
                    <Table.Cell fontWeight="medium">
                      <bdi>{w.name}</bdi>
                    </Table.Cell>
                    <Table.Cell maxW="16rem">
                      <Code dir="ltr" overflowWrap="anywhere" whiteSpace="normal">
                        {w.url}
                      </Code>
                    </Table.Cell>
                    <Table.Cell maxW="16rem">
                      <HStack wrap="wrap" gap={1}>
                        {w.events.map((e) => (
                          <Badge key={e} variant="subtle" size="sm" dir="ltr">
                            {e}
                          </Badge>
                        ))}
                      </HStack>
                    </Table.Cell>
                    <Table.Cell>{statusBadge(w)}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{health(w)}</Table.Cell>
                    <Table.Cell>{actions(w)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
          <Stack display={{ base: 'flex', lg: 'none' }} gap={3} aria-label={t.listLabel()} role="list">
            {hooks.map((w) => (
              <Box key={w.id} role="listitem" borderWidth="1px" borderColor="border.muted" rounded="lg" p={3} data-testid="webhook-card" data-webhook-id={w.id}>
                <HStack justify="space-between" mb={1}>
                  <Text fontWeight="medium" overflowWrap="anywhere">
                    <bdi>{w.name}</bdi>
                  </Text>
                  {statusBadge(w)}
                </HStack>
                <Code dir="ltr" overflowWrap="anywhere" whiteSpace="normal" fontSize="xs">
                  {w.url}
                </Code>
                <Text fontSize="sm" color="fg.muted" mt={2}>
                  {t.eventsCount({ count: w.events.length })}
                </Text>
                <Box mt={1}>{health(w)}</Box>
                <Box mt={2}>{actions(w)}</Box>
              </Box>
            ))}
          </Stack>
      </ListState>

      <CreateWebhookDialog
        open={creating}
        pending={create.isPending}
        eventTypes={eventTypes.data?.eventTypes.map((e) => e.type).filter((type) => type !== 'webhook.test') ?? []}
        onClose={() => setCreating(false)}
        onSubmit={async (input) => {
          const { webhook } = await create.mutateAsync(input);
          setCreating(false);
          setSecret({ secret: webhook.secret, rotated: false });
        }}
      />
      <ShownOnceDialog
        value={secret?.secret ?? null}
        texts={{ title: t.secret.title(), warning: t.secret.warning(), copy: t.secret.copy(), copied: t.secret.copied(), copyFailed: t.secret.copyFailed(), done: t.secret.done() }}
        note={secret?.rotated ? t.secret.rotated() : null}
        testIds={{ dialog: 'webhook-secret-dialog', value: 'webhook-secret', done: 'webhook-secret-done' }}
        onClose={() => setSecret(null)}
      />
      <WebhookDeliveriesDialog webhook={logOf} onClose={() => setLogOf(null)} />
      <ConfirmDialog
        subject={deleting}
        title={t.deleteTitle()}
        text={{ sentence: (mark) => t.deleteText({ name: mark }), name: deleting?.name ?? '' }}
        cancelLabel={t.deleteCancel()}
        confirmLabel={t.deleteConfirm()}
        pending={remove.isPending}
        onConfirm={(w) =>
          void act(async () => {
            await remove.mutateAsync({ id: w.id });
            setDeleting(null);
          }, t.deleted())
        }
        onClose={() => setDeleting(null)}
        testId="webhook-delete"
      />
    </Stack>
  );
}

interface CreateProps {
  open: boolean;
  pending: boolean;
  eventTypes: string[];
  onClose(): void;
  onSubmit(input: { name: string; url: string; events: string[] }): Promise<void>;
}

/** "Create Webhook": name and URL required ('Please fill in all required fields.'), events from the catalog. */
function CreateWebhookDialog({ open, pending, eventTypes, onClose, onSubmit }: CreateProps) {
  const { LL } = useI18nContext();
  const t = LL.integrations.webhooks.dialog;
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<Set<string>>(new Set());
  const [error, setError] = useState<{ field?: 'required' | 'events'; form?: string }>({});

  const reset = () => {
    setName('');
    setUrl('');
    setEvents(new Set());
    setError({});
  };
  const close = () => {
    reset();
    onClose();
  };
  const toggle = (type: string, on: boolean) =>
    setEvents((current) => {
      const next = new Set(current);
      if (on) next.add(type);
      else next.delete(type);
      return next;
    });
  const submit = async () => {
    if (!name.trim() || !url.trim()) return setError({ field: 'required' });
    if (events.size === 0) return setError({ field: 'events' });
    setError({});
    try {
      await onSubmit({ name: name.trim(), url: url.trim(), events: [...events] });
      reset();
    } catch (caught) {
      const failure = describeApiError(caught);
      setError({ form: t.failed({ reason: (failure.kind === 'server' ? serverMessage(failure, LL) : null) ?? LL.common.error() }) });
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(d) => (d.open ? undefined : close())} placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="webhook-dialog" mx={3}>
            <DialogForm
              noValidate
              display="flex"
              flexDirection="column"
              flex="1"
              minH="0"
              onSubmit={(event) => {
                event.preventDefault();
                void submit();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{t.title()}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap={4}>
                  {error.field ? (
                    <Text color="fg.error" fontSize="sm" role="alert" data-testid="webhook-form-error">
                      {error.field === 'required' ? t.required() : t.eventsRequired()}
                    </Text>
                  ) : null}
                  <Field.Root required invalid={error.field === 'required' && !name.trim()}>
                    <Field.Label>
                      {t.name()}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input name="name" maxLength={100} placeholder={t.namePlaceholder()} value={name} onChange={(e) => {
                        setName(e.currentTarget.value);
                        setError({});
                      }} data-testid="webhook-name" />
                  </Field.Root>
                  <Field.Root required invalid={error.field === 'required' && !url.trim()}>
                    <Field.Label>
                      {t.url()}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input name="url" type="url" dir="ltr" maxLength={2000} placeholder={t.urlPlaceholder()} value={url} onChange={(e) => {
                        setUrl(e.currentTarget.value);
                        setError({});
                      }} data-testid="webhook-url" />
                  </Field.Root>
                  <Box as="fieldset" width="full">
                    <Text as="legend" fontWeight="medium" fontSize="sm" mb={1}>
                      {t.events()}
                    </Text>
                    <Text fontSize="xs" color="fg.muted" mb={2}>
                      {t.eventsHint()}
                    </Text>
                    <SimpleGrid columns={{ base: 1, sm: 2 }} gap={1.5}>
                      {eventTypes.map((type) => (
                        <Checkbox.Root key={type} size="sm" checked={events.has(type)} onCheckedChange={(d) => toggle(type, d.checked === true)} data-testid={`webhook-event-${type}`}>
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label dir="ltr">{type}</Checkbox.Label>
                        </Checkbox.Root>
                      ))}
                    </SimpleGrid>
                  </Box>
                  {error.form ? (
                    <Text color="fg.error" fontSize="sm" role="alert" data-testid="webhook-form-error">
                      {error.form}
                    </Text>
                  ) : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close}>
                  {t.cancel()}
                </Button>
                <Button type="submit" colorPalette="blue" loading={pending} data-testid="webhook-submit">
                  {t.submit()}
                </Button>
              </Dialog.Footer>
            </DialogForm>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** One endpoint's delivery log (every attempt), each with Retry. */
function WebhookDeliveriesDialog({ webhook, onClose }: { webhook: WebhookView | null; onClose(): void }) {
  const { LL, locale } = useI18nContext();
  const t = LL.integrations.webhooks.log;
  const { deliveries, retry } = useWebhookDeliveries(webhook?.id ?? null);
  const rows = deliveries.data?.deliveries ?? [];
  const doRetry = async (deliveryId: string) => {
    if (!webhook) return;
    try {
      await retry.mutateAsync({ id: webhook.id, deliveryId });
      toast({ type: 'success', title: t.retried() });
    } catch (caught) {
      const failure = describeApiError(caught);
      toastError(LL, LL.integrations.webhooks.actionFailed({ reason: (failure.kind === 'server' ? serverMessage(failure, LL) : null) ?? LL.common.error() }));
    }
  };
  return (
    <Dialog.Root open={webhook !== null} onOpenChange={(d) => (d.open ? undefined : onClose())} placement="center" size={{ base: 'full', md: 'xl' }} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="webhook-log-dialog">
            <Dialog.Header>
              <Dialog.Title>{t.title({ name: webhook?.name ?? '' })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {deliveries.isPending ? (
                <Spinner size="sm" />
              ) : rows.length === 0 ? (
                <Text color="fg.muted" data-testid="webhook-log-empty">
                  {t.empty()}
                </Text>
              ) : (
                <Stack gap={2}>
                  {rows.map((d) => (
                    <Box key={d.id} borderWidth="1px" borderColor="border.muted" rounded="md" p={2} data-testid="webhook-log-row" data-success={d.success} data-delivery-id={d.deliveryId}>
                      <HStack justify="space-between" wrap="wrap" gap={2}>
                        <HStack gap={2} wrap="wrap">
                          <Badge colorPalette={d.success ? 'green' : 'red'} data-testid="webhook-log-status">
                            {d.statusCode ?? t.noResponse()}
                          </Badge>
                          <Code dir="ltr" fontSize="xs">
                            {d.eventType}
                          </Code>
                          <Text fontSize="xs" color="fg.muted">
                            #{d.attempt} · {formatTime(locale, d.attemptedAt, '')} · {t.durationMs({ ms: d.durationMs })}
                          </Text>
                        </HStack>
                        <Button size="xs" variant="outline" loading={retry.isPending && retry.variables?.deliveryId === d.deliveryId} onClick={() => void doRetry(d.deliveryId)} data-testid="webhook-log-retry">
                          {t.retry()}
                        </Button>
                      </HStack>
                      {d.error || d.responseExcerpt ? (
                        <Code dir="ltr" display="block" mt={1} fontSize="xs" whiteSpace="pre-wrap" overflowWrap="anywhere" maxH="6rem" overflowY="auto">
                          {d.error ?? d.responseExcerpt}
                        </Code>
                      ) : null}
                    </Box>
                  ))}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="blue" onClick={onClose} data-testid="webhook-log-close">
                {t.close()}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
