import { Badge, Box, Button, Field, HStack, Heading, Input, Link, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { COMMUNICATION_DIRECTIONS, COMMUNICATION_TYPES, type CommunicationDirection, type CommunicationType } from '@crm/contracts/crm/crm.constants';
import type { CommunicationView, CustomerFileView } from '@crm/contracts/customers/customer.input';
import { useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { LineIcon } from '../../ui/components/line-icon.component.tsx';
import { toast, toastError } from '../../ui/utils/app-toaster.util.ts';
import { useLogCommunication } from '../hooks/use-log-communication.hook.ts';
import { formatDateTime, fromDateTimeLocal, toDateTimeLocal } from '../utils/customer-format.util.ts';
import { customerFileUrl } from '../utils/customer-files.util.ts';

/** Line icons rather than emoji: a machine without an emoji font showed an empty box. */
const TYPE_ICON: Record<CommunicationType, string> = {
  email: 'M3 5h18v14H3zM3 6l9 7 9-7',
  call: 'M5 3h4l2 5-3 2a11 11 0 006 6l2-3 5 2v4a2 2 0 01-2 2A17 17 0 013 5a2 2 0 012-2z',
  meeting: 'M9 11a4 4 0 100-8 4 4 0 000 8zM1 21v-1a6 6 0 0112 0v1M16 3.5a4 4 0 010 7.5M23 21v-1a6 6 0 00-4-5.6',
  sms: 'M21 15a2 2 0 01-2 2H7l-4 4V5a2 2 0 012-2h14a2 2 0 012 2z',
  whatsapp: 'M21 12a9 9 0 01-13.5 7.8L3 21l1.2-4.5A9 9 0 1121 12zM9 9.5c0 3 2.5 5.5 5.5 5.5',
  note: 'M14 2H6a2 2 0 00-2 2v16a2 2 0 002 2h12a2 2 0 002-2V8zM14 2v6h6M8 13h8M8 17h8',
};
/**
 * Calls, meetings and notes are records of something that happened: they read "Call logged · <when>", with no
 * delivery status. E-mails, SMS and WhatsApp messages keep the spec's status (sent, delivered, read).
 */
const LOGGED_TYPES = ['call', 'meeting', 'note'] as const satisfies readonly CommunicationType[];
type LoggedType = (typeof LOGGED_TYPES)[number];
const isLoggedType = (t: CommunicationType): t is LoggedType => (LOGGED_TYPES as readonly CommunicationType[]).includes(t);
/** What a client clock may run ahead of the server (contracts: COMMUNICATION_CLOCK_SKEW_MS). */
const FUTURE_TOLERANCE_MS = 60_000;

const PAPERCLIP = 'M21 11l-8.5 8.5a5 5 0 01-7-7L14 4a3.5 3.5 0 015 5l-8.5 8.5a2 2 0 01-3-3L15 7';

interface Props {
  customerId: string;
  communications: CommunicationView[];
  files: CustomerFileView[];
  /** A deleted customer (admins look at it before restoring): nothing can be logged. */
  readOnly: boolean;
}

/**
 * The Communications tab: the logged communications, the most recent "when it happened" first (the server's
 * order), and a form to log one with that time (empty: now) (spec 02 §2, §5).
 */
export function CustomerCommunications({ customerId, communications, files, readOnly }: Props) {
  const { LL, locale } = useI18nContext();
  const c = LL.customers.communications;
  const { log, pending } = useLogCommunication();
  const [type, setType] = useState<CommunicationType>('call');
  const [direction, setDirection] = useState<CommunicationDirection>('outbound');
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');
  const [attachmentIds, setAttachmentIds] = useState<string[]>([]);
  const [occurredAt, setOccurredAt] = useState('');
  const occurredIso = fromDateTimeLocal(occurredAt);
  const inFuture = occurredIso !== null && Date.parse(occurredIso) > Date.now() + FUTURE_TOLERANCE_MS;
  const liveFileIds = new Set(files.map((f) => f.id));

  const send = async () => {
    if (inFuture) return;
    const failure = await log({ customerId, type, direction, subject: subject.trim() || null, content: content.trim() || null, attachmentIds, occurredAt: occurredIso });
    if (failure) {
      toastError(LL, c.sendFailed(), failure.kind === 'server' && failure.fieldErrors.occurredAt ? c.occurredAtFuture() : null);
      return;
    }
    toast({ type: 'success', title: isLoggedType(type) ? c.logged() : c.sent() });
    setSubject('');
    setContent('');
    setAttachmentIds([]);
    setOccurredAt('');
  };

  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap={5} alignItems="start">
      {communications.length === 0 ? (
        <Text color="fg.muted" textAlign="center" py={6} data-testid="communications-empty">
          {c.empty()}
        </Text>
      ) : (
        <Stack gap={3} as="ul" listStyleType="none" data-testid="communications-list">
          {communications.map((m) => (
            <Box as="li" key={m.id} borderWidth="1px" borderColor="border.muted" rounded="md" p={3} data-testid="communication-item" data-type={m.type}>
              <HStack justify="space-between" wrap="wrap" gap={2}>
                <HStack gap={2} wrap="wrap">
                  <Box as="span" color="fg.muted" display="inline-flex">
                    <LineIcon d={TYPE_ICON[m.type]} size={16} />
                  </Box>
                  <Text fontWeight="medium" data-testid="communication-headline">
                    {isLoggedType(m.type) ? c.loggedHeadline[m.type]() : c.types[m.type]()}
                  </Text>
                  <Badge size="sm" variant="subtle" colorPalette={m.direction === 'inbound' ? 'teal' : 'blue'}>
                    {c.directions[m.direction]()}
                  </Badge>
                  {isLoggedType(m.type) ? null : (
                    <Badge size="sm" variant="outline" data-testid="communication-status">
                      {c.statuses[m.status]()}
                    </Badge>
                  )}
                </HStack>
                <Text fontSize="xs" color="fg.muted" data-testid="communication-when">
                  <time dateTime={m.timestamp}>{formatDateTime(m.timestamp, locale)}</time>
                  {m.user ? ` · ${c.by({ user: m.user })}` : ''}
                </Text>
              </HStack>
              {m.subject ? (
                <Text fontWeight="semibold" mt={2} data-testid="communication-subject-text">
                  {m.subject}
                </Text>
              ) : null}
              {m.content ? (
                <Text mt={1} whiteSpace="pre-wrap" fontSize="sm" dir="auto" textAlign="start">
                  {m.content}
                </Text>
              ) : null}
              {m.attachments.length > 0 ? (
                <HStack gap={3} mt={2} wrap="wrap">
                  {m.attachments.map((a) =>
                    liveFileIds.has(a.fileId) ? (
                      <Link key={a.fileId} href={customerFileUrl(customerId, a.fileId)} fontSize="sm" colorPalette="blue" download>
                        <LineIcon d={PAPERCLIP} size={14} /> <bdi>{a.name}</bdi>
                      </Link>
                    ) : (
                      // The file was deleted since: its name stays, without a link.
                      <Text as="span" key={a.fileId} fontSize="sm" color="fg.muted" display="inline-flex" alignItems="center" gap={1} data-testid="communication-attachment-deleted">
                        <LineIcon d={PAPERCLIP} size={14} />
                        <Text as="del">{c.attachmentDeleted({ name: a.name })}</Text>
                      </Text>
                    ),
                  )}
                </HStack>
              ) : null}
            </Box>
          ))}
        </Stack>
      )}
      {readOnly ? null : (
      <Box as="form" borderWidth="1px" borderColor="border.muted" rounded="md" p={4} data-testid="communication-form" onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}>
        <Heading size="sm" mb={3}>
          {c.logTitle()}
        </Heading>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap={3}>
          <Field.Root>
            <Field.Label>{c.type()}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={type} data-testid="communication-type" onChange={(e) => {
                const next = COMMUNICATION_TYPES.find((t) => t === e.currentTarget.value);
                if (next) setType(next);
              }}>
                {COMMUNICATION_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {c.types[t]()}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root>
            <Field.Label>{c.direction()}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={direction} data-testid="communication-direction" onChange={(e) => {
                const next = COMMUNICATION_DIRECTIONS.find((t) => t === e.currentTarget.value);
                if (next) setDirection(next);
              }}>
                {COMMUNICATION_DIRECTIONS.map((t) => (
                  <option key={t} value={t}>
                    {c.directions[t]()}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root gridColumn={{ sm: 'span 2' }} invalid={inFuture}>
            <Field.Label>{c.occurredAt()}</Field.Label>
            <Input
              size="sm"
              type="datetime-local"
              value={occurredAt}
              max={toDateTimeLocal(new Date())}
              onChange={(e) => setOccurredAt(e.currentTarget.value)}
              data-testid="communication-occurred-at"
            />
            {inFuture ? <Field.ErrorText>{c.occurredAtFuture()}</Field.ErrorText> : <Field.HelperText>{c.occurredAtHint()}</Field.HelperText>}
          </Field.Root>
          <Field.Root gridColumn={{ sm: 'span 2' }}>
            <Field.Label>{c.subject()}</Field.Label>
            <Input size="sm" dir="auto" value={subject} onChange={(e) => setSubject(e.currentTarget.value)} data-testid="communication-subject" />
          </Field.Root>
          <Field.Root gridColumn={{ sm: 'span 2' }}>
            <Field.Label>{c.content()}</Field.Label>
            <Textarea size="sm" dir="auto" rows={3} value={content} onChange={(e) => setContent(e.currentTarget.value)} data-testid="communication-content" />
          </Field.Root>
          <Box gridColumn={{ sm: 'span 2' }}>
            <Text fontSize="sm" fontWeight="medium" mb={1}>
              {c.attachments()}
            </Text>
            {files.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">
                {c.noFiles()}
              </Text>
            ) : (
              <Stack gap={1}>
                {files.map((file) => (
                  <HStack as="label" key={file.id} gap={2} fontSize="sm" cursor="pointer">
                    <input
                      type="checkbox"
                      checked={attachmentIds.includes(file.id)}
                      onChange={(e) => {
                        const checked = e.currentTarget.checked;
                        setAttachmentIds((ids) => (checked ? [...ids, file.id] : ids.filter((id) => id !== file.id)));
                      }}
                      data-testid="communication-attach"
                    />
                    <bdi>{file.name}</bdi>
                  </HStack>
                ))}
              </Stack>
            )}
          </Box>
        </SimpleGrid>
        <HStack justify="end" mt={3}>
          <Button type="submit" size="sm" colorPalette="blue" loading={pending} disabled={inFuture} data-testid="communication-send">
            {c.send()}
          </Button>
        </HStack>
      </Box>
      )}
    </SimpleGrid>
  );
}
