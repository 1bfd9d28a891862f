/** The mail telling an admin of a new high or critical security alert. Pure. */
import type { Locale, SendEmailJob, SecurityAlertSeverity, SecurityAlertType } from '@crm/contracts';
import { composeMail } from '../mail/mail-layout.ts';
import { SECURITY_ALERT_MAIL_STRINGS } from './security-alert-mail.i18n.ts';

export function renderSecurityAlertMail(input: {
  to: string;
  locale: Locale;
  type: SecurityAlertType;
  severity: SecurityAlertSeverity;
  title: string;
  description: string;
  ipAddress: string | null;
  account: string | null;
  detectedAt: string;
  link: string | null;
  causationId: string;
}): SendEmailJob {
  const t = SECURITY_ALERT_MAIL_STRINGS[input.locale] ?? SECURITY_ALERT_MAIL_STRINGS.en;
  const type = t.types[input.type];
  const severity = t.severities[input.severity];
  const at = new Intl.DateTimeFormat(t.intl, { timeZone: 'UTC', dateStyle: 'long', timeStyle: 'short' }).format(new Date(input.detectedAt)) + ' UTC';
  const paragraphs = [
    t.greeting,
    t.intro,
    t.what(type, severity),
    t.when(at),
    ...(input.ipAddress ? [t.address(input.ipAddress)] : []),
    ...(input.account ? [t.account(input.account)] : []),
    t.details,
    `${input.title}. ${input.description}`,
  ];
  return {
    to: input.to,
    subject: t.subject(type, severity),
    ...composeMail(input.locale, t, paragraphs, input.link ? { url: input.link, label: t.button, after: [] } : null),
    attachments: [],
    causationEventId: input.causationId,
  };
}
