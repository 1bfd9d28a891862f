import { Badge, Box, Button, CloseButton, Code, DataList, Dialog, Link, Portal, Stack, Text } from '@chakra-ui/react';
import type { FormField } from '@crm/contracts/marketing/marketing.constants';
import type { FormSubmissionView } from '@crm/contracts/marketing/marketing.views';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'wouter';
import { useI18nContext } from '../../../../i18n/i18n-react.tsx';
import { customerPath } from '../../../customers/utils/customer-links.util.ts';
import { DataText } from '../../../ui/components/data-text.component.tsx';
import { answersOf, answerText, utmOf } from './submission-format.util.ts';

/** One submission in full: every answer, where it came from (channel, IP, user agent, referrer, the five UTM values), its lead and campaign. */
export function SubmissionDetailDialog({ submission, fields, onClose }: { submission: FormSubmissionView | null; fields: readonly FormField[]; onClose(): void }) {
  const { LL, locale } = useI18nContext();
  const t = LL.marketing.submissions;
  const d = t.detail;
  const none = <Text color="fg.muted">—</Text>;
  const latin = (value: string | null) => (value ? <Code dir="ltr" variant="plain" whiteSpace="normal" overflowWrap="anywhere">{value}</Code> : none);
  const item = (label: string, value: ReactNode, testId?: string) => (
    <DataList.Item data-testid={testId}>
      <DataList.ItemLabel minW="9rem">{label}</DataList.ItemLabel>
      <DataList.ItemValue overflowWrap="anywhere">{value}</DataList.ItemValue>
    </DataList.Item>
  );
  return (
    <Dialog.Root open={submission !== null} onOpenChange={(e) => (e.open ? undefined : onClose())} placement="center" size={{ base: 'full', md: 'lg' }} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="submission-detail">
            <Dialog.Header>
              <Dialog.Title>
                {d.title()} · <DataText>{submission?.formName}</DataText>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {submission ? (
                <Stack gap={5}>
                  {submission.spam ? (
                    <Badge colorPalette="red" alignSelf="flex-start" data-testid="submission-detail-spam">
                      {t.spamReasons[submission.spamReason ?? 'honeypot']()}
                    </Badge>
                  ) : null}
                  <Box as="section" aria-label={d.answers()}>
                    <Text fontWeight="semibold" mb={2}>
                      {d.answers()}
                    </Text>
                    <DataList.Root orientation="horizontal" size="sm">
                      {answersOf(submission, fields).map((answer) => (
                        <DataList.Item key={answer.key} data-testid="submission-answer" data-key={answer.key}>
                          <DataList.ItemLabel minW="9rem" title={answer.key}>
                            <DataText>{answer.label}</DataText>
                          </DataList.ItemLabel>
                          <DataList.ItemValue overflowWrap="anywhere" whiteSpace="pre-wrap">
                            <DataText>{answerText(answer.value, { yes: t.yes(), no: t.no() })}</DataText>
                          </DataList.ItemValue>
                        </DataList.Item>
                      ))}
                    </DataList.Root>
                  </Box>
                  <Box as="section" aria-label={d.origin()}>
                    <Text fontWeight="semibold" mb={2}>
                      {d.origin()}
                    </Text>
                    <DataList.Root orientation="horizontal" size="sm">
                      {item(d.created(), new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(submission.createdAt)))}
                      {item(d.channel(), t.channels[submission.channel]())}
                      {item(d.ip(), latin(submission.ipAddress), 'submission-detail-ip')}
                      {item(d.userAgent(), latin(submission.userAgent), 'submission-detail-ua')}
                      {item(d.referrer(), latin(submission.referrerUrl), 'submission-detail-referrer')}
                      {utmOf(submission).map(([name, value]) => (
                        <DataList.Item key={name} data-testid="submission-detail-utm" data-utm={name}>
                          <DataList.ItemLabel minW="9rem">
                            <Code dir="ltr" variant="plain">
                              {name}
                            </Code>
                          </DataList.ItemLabel>
                          <DataList.ItemValue>{latin(value)}</DataList.ItemValue>
                        </DataList.Item>
                      ))}
                    </DataList.Root>
                  </Box>
                  <Box as="section" aria-label={d.outcome()}>
                    <Text fontWeight="semibold" mb={2}>
                      {d.outcome()}
                    </Text>
                    <DataList.Root orientation="horizontal" size="sm">
                      {item(
                        d.lead(),
                        submission.customerId ? (
                          <Link asChild colorPalette="blue">
                            <RouterLink href={customerPath(submission.customerId)} data-testid="submission-detail-lead">
                              <DataText>{submission.customerName ?? submission.customerId}</DataText>
                            </RouterLink>
                          </Link>
                        ) : (
                          none
                        ),
                      )}
                      {submission.customerId ? item(d.leadOutcome(), submission.leadCreated ? t.leadCreated() : t.leadUpdated()) : null}
                      {item(d.leadSource(), submission.leadSource ? t.leadSources[submission.leadSource]() : none)}
                      {item(d.campaign(), submission.campaignName ? <DataText>{submission.campaignName}</DataText> : none)}
                    </DataList.Root>
                  </Box>
                </Stack>
              ) : null}
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="blue" onClick={onClose} data-testid="submission-detail-close">
                {d.close()}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={LL.common.close()} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
