import { z } from 'zod';

export const MAIL_QUEUE = 'mail';

export const mailAttachmentSchema = z.object({
  filename: z.string(),
  contentType: z.string(),
  /** UTF-8 text content (calendar invites, CSV). */
  content: z.string(),
});

/** A fully rendered e-mail, ready for the transport. Rendering happens in the reactor that enqueues it. */
export const sendEmailJobSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  attachments: z.array(mailAttachmentSchema).default([]),
  /** The event that caused this mail; also the job id, so a replay never sends twice. */
  causationEventId: z.string(),
});
export type SendEmailJob = z.infer<typeof sendEmailJobSchema>;

/**
 * Most mails in one `send-email-batch` job. A job costs PostgreSQL ≈ 4–5 ms whatever it carries (add, claim,
 * completion, its events), so bigger jobs cost less per mail: at 630 bookings/s, 32 cut most reactor batches
 * into a full job and a leftover (0.045 jobs per booking).
 */
export const MAX_MAILS_PER_BATCH = 128;

/**
 * Several rendered e-mails sent by one job (one transaction records them all in mail_sent): a reactor that
 * mails about many events at once (booking confirmations) enqueues one of these per batch instead of a job per mail.
 */
export const sendEmailBatchJobSchema = z.object({
  mails: z.array(sendEmailJobSchema).min(1).max(MAX_MAILS_PER_BATCH),
});
export type SendEmailBatchJob = z.infer<typeof sendEmailBatchJobSchema>;
