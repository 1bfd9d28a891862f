import { Alert, Badge, Button, Checkbox, Dialog, Field, HStack, Input, Link, List, Portal, Stack, Text } from '@chakra-ui/react';
import { SLACK_EVENT_TYPES, type SlackEventType } from '@crm/contracts/integrations/integration.catalog';
import type { IntegrationView } from '@crm/contracts/integrations/integration.input';
import { useEffect, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { DataText } from '../../ui/components/data-text.component.tsx';
import { toast, toastError } from '../../ui/utils/app-toaster.util.ts';
import { useIntegrationMutations } from '../hooks/use-integrations.hook.ts';
import { integrationText, slackEventKey } from '../utils/integration-text.util.ts';

interface Props {
  integration: IntegrationView | null;
  onClose(): void;
  onOpenWebhooks(): void;
}

/** An integration's details (spec 02): description, version, features, documentation, health, and its settings. */
export function IntegrationDetailsDialog({ integration: i, onClose, onOpenWebhooks }: Props) {
  const { LL, locale } = useI18nContext();
  const t = LL.integrations.marketplace;
  const m = useIntegrationMutations();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<SlackEventType[]>([]);
  const [feedUrl, setFeedUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl('');
    setFeedUrl(null);
    setEvents((i?.settings.events as SlackEventType[] | undefined) ?? ['booking.requested', 'booking.confirmed']);
  }, [i?.id, i?.settings.events]);
  if (!i) return null;
  const text = integrationText(LL, i.id);
  const time = (iso: string | null | undefined) => (iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : t.never());
  const errorText = (err: { message: string }) => toastError(LL, t.configureFailed(), err.message);

  const saveSlack = () =>
    m.configure.mutate(
      { id: 'slack', events, ...(url.trim() ? { webhookUrl: url.trim() } : {}) },
      { onSuccess: () => toast({ type: 'success', title: t.configured() }), onError: errorText },
    );

  return (
    <Dialog.Root open onOpenChange={(d) => (d.open ? undefined : onClose())} placement="center" size={{ base: 'full', md: 'lg' }} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="integration-dialog" data-integration={i.id}>
            <Dialog.Header>
              <Stack gap={1}>
                <Dialog.Title>{text.name}</Dialog.Title>
                <HStack gap={2}>
                  <Badge>{t.version({ version: i.version })}</Badge>
                  <Badge colorPalette={i.status === 'active' ? 'green' : i.status === 'error' ? 'red' : 'gray'} data-testid="integration-dialog-status">
                    {t.status[i.status]()}
                  </Badge>
                </HStack>
              </Stack>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap={4}>
                {i.status === 'error' ? (
                  <Alert.Root status="error" data-testid="integration-error-banner">
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Title>{t.errorBannerTitle()}</Alert.Title>
                      <Alert.Description>{t.errorBanner({ error: i.health.lastError ?? '' })}</Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
                ) : null}
                <Text>{text.description}</Text>
                <Stack gap={1}>
                  <Text fontWeight="semibold" fontSize="sm">
                    {t.features()}
                  </Text>
                  <List.Root ps={5} fontSize="sm" listStyleType="disc">
                    {i.features.map((f) => (
                      <List.Item key={f}>{text.feature(f)}</List.Item>
                    ))}
                  </List.Root>
                </Stack>
                <Link href={i.docs} target="_blank" rel="noopener" fontSize="sm" colorPalette="blue">
                  {t.documentation()}
                </Link>
                {i.installed && (i.id === 'slack' || i.health.ok !== null) ? (
                  <Stack gap={0} fontSize="sm" data-testid="integration-health">
                    <Text fontWeight="semibold">{t.health()}</Text>
                    {i.id === 'smtp' ? (
                      <>
                        <Text color={i.health.ok ? 'green.700' : 'red.700'}>{i.health.ok ? LL.integrations.marketplace.catalog.smtp.transportOk() : LL.integrations.marketplace.catalog.smtp.transportFailed()}</Text>
                        <Text color="fg.muted" data-testid="integration-smtp-last-mail">{LL.integrations.marketplace.catalog.smtp.lastMail({ time: time(i.lastMailAt) })}</Text>
                      </>
                    ) : (
                      <>
                        <Text color="fg.muted">{t.deliveries({ successes: i.health.successes, failures: i.health.failures })}</Text>
                        <Text color="fg.muted">{t.lastSuccess({ time: time(i.health.lastSuccessAt) })}</Text>
                      </>
                    )}
                  </Stack>
                ) : null}

                {i.installed && i.id === 'webhooks' ? (
                  <Stack gap={2}>
                    <Text fontSize="sm" color="fg.muted">
                      {t.catalog.webhooks.configureHint()}
                    </Text>
                    <Button size="sm" alignSelf="flex-start" onClick={onOpenWebhooks} data-testid="integration-open-webhooks">
                      {t.catalog.webhooks.openTab()}
                    </Button>
                  </Stack>
                ) : null}

                {i.installed && i.id === 'slack' ? (
                  <Stack gap={3} as="form" onSubmit={(e) => (e.preventDefault(), saveSlack())}>
                    {i.secretMasked ? (
                      <Text fontSize="sm" data-testid="integration-slack-masked">
                        {t.secret()}: <DataText>{i.secretMasked}</DataText>
                      </Text>
                    ) : null}
                    <Field.Root>
                      <Field.Label>{t.catalog.slack.urlLabel()}</Field.Label>
                      <Input type="url" dir="ltr" value={url} onChange={(e) => setUrl(e.currentTarget.value)} placeholder="https://hooks.slack.com/services/…" data-testid="integration-slack-url" />
                      <Field.HelperText>{t.catalog.slack.urlHint()}</Field.HelperText>
                    </Field.Root>
                    <Stack gap={1} role="group" aria-label={t.catalog.slack.eventsLabel()}>
                      <Text fontSize="sm" fontWeight="medium">
                        {t.catalog.slack.eventsLabel()}
                      </Text>
                      {SLACK_EVENT_TYPES.map((type) => (
                        <Checkbox.Root
                          key={type}
                          size="sm"
                          checked={events.includes(type)}
                          onCheckedChange={(e) => setEvents((prev) => (e.checked ? [...prev, type] : prev.filter((x) => x !== type)))}
                          data-testid={`integration-slack-event-${type}`}
                        >
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>{t.catalog.slack.events[slackEventKey(type)]()}</Checkbox.Label>
                        </Checkbox.Root>
                      ))}
                    </Stack>
                    <Button type="submit" size="sm" colorPalette="blue" alignSelf="flex-start" loading={m.configure.isPending} loadingText={t.saving()} data-testid="integration-slack-save">
                      {t.save()}
                    </Button>
                  </Stack>
                ) : null}

                {i.installed && i.id === 'calendar-feed' ? (
                  <Stack gap={2}>
                    {feedUrl ? (
                      <Field.Root>
                        <Field.Label>{t.catalog.calendarFeed.feedUrl()}</Field.Label>
                        <HStack w="full">
                          <Input readOnly dir="ltr" value={feedUrl} onFocus={(e) => e.currentTarget.select()} data-testid="integration-feed-url" />
                          <Button size="sm" variant="outline" onClick={() => void navigator.clipboard?.writeText(feedUrl).then(() => toast({ type: 'success', title: t.catalog.calendarFeed.copied() }))}>
                            {t.catalog.calendarFeed.copy()}
                          </Button>
                        </HStack>
                        <Field.HelperText>{t.catalog.calendarFeed.feedUrlHint()}</Field.HelperText>
                      </Field.Root>
                    ) : i.secretMasked ? (
                      <Text fontSize="sm">
                        {t.secret()}: <DataText>{i.secretMasked}</DataText>
                      </Text>
                    ) : null}
                    <Button
                      size="sm"
                      alignSelf="flex-start"
                      loading={m.regenerateFeed.isPending}
                      onClick={() =>
                        m.regenerateFeed.mutate(undefined, {
                          onSuccess: (r) => {
                            setFeedUrl(new URL(r.feedUrl, window.location.origin).toString());
                            toast({ type: 'success', title: t.configured(), description: t.catalog.calendarFeed.regenerated() });
                          },
                          onError: errorText,
                        })
                      }
                      data-testid="integration-feed-regenerate"
                    >
                      {t.catalog.calendarFeed.regenerate()}
                    </Button>
                  </Stack>
                ) : null}

                {i.installed && i.id === 'smtp' ? (
                  <Button size="sm" alignSelf="flex-start" variant="outline" loading={m.checkSmtp.isPending} onClick={() => m.checkSmtp.mutate()} data-testid="integration-smtp-check">
                    {t.catalog.smtp.check()}
                  </Button>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              {i.installed ? (
                <Button
                  variant="outline"
                  colorPalette="red"
                  loading={m.uninstall.isPending}
                  onClick={() =>
                    m.uninstall.mutate(
                      { id: i.id },
                      {
                        onSuccess: () => {
                          toast({ type: 'success', title: t.uninstalled() });
                          onClose();
                        },
                        onError: errorText,
                      },
                    )
                  }
                  data-testid="integration-uninstall"
                >
                  {t.uninstall()}
                </Button>
              ) : null}
              <Button variant="outline" onClick={onClose} data-testid="integration-dialog-close">
                {t.close()}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
