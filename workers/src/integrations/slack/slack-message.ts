/** A public event (webhook catalog naming) as a Slack message: a text fallback and Block Kit blocks. */
const TITLES: Record<string, string> = {
  'booking.requested': 'New booking request',
  'booking.confirmed': 'Booking confirmed',
  'booking.cancelled': 'Booking cancelled',
  'customer.created': 'New customer',
  'deal.stage_changed': 'Deal moved to a new stage',
};

/** Escapes Slack mrkdwn control characters. */
const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const FIELDS = ['name', 'email', 'company', 'meetingType', 'preferredDate', 'preferredTime', 'title', 'stage', 'previousStage', 'fromStage', 'toStage', 'value', 'status', 'reason'] as const;

export function slackMessage(type: string, data: unknown, publicUrl?: string): { text: string; blocks: unknown[] } {
  const title = TITLES[type] ?? type;
  const d = (data ?? {}) as Record<string, unknown>;
  const fields = FIELDS.filter((k) => typeof d[k] === 'string' || typeof d[k] === 'number')
    .slice(0, 10)
    .map((k) => ({ type: 'mrkdwn', text: `*${k}*\n${esc(String(d[k]))}` }));
  const blocks: unknown[] = [{ type: 'header', text: { type: 'plain_text', text: title, emoji: false } }];
  if (fields.length > 0) blocks.push({ type: 'section', fields });
  blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: `\`${type}\`${publicUrl ? ` · <${publicUrl}/admin|Nexa CRM>` : ' · Nexa CRM'}` }] });
  const who = typeof d.name === 'string' ? `: ${d.name}` : typeof d.title === 'string' ? `: ${d.title}` : '';
  return { text: `${title}${who}`, blocks };
}
