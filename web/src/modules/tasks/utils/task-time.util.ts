/** Spec 02 §9: time left in hours under 24 hours, otherwise in days; past due, in hours overdue. */
export type TimeLeft = { kind: 'hours'; count: number } | { kind: 'days'; count: number } | { kind: 'overdue'; count: number };

const HOUR = 3_600_000;

export function timeLeft(dueDate: string, now: Date): TimeLeft {
  const ms = new Date(dueDate).getTime() - now.getTime();
  if (ms < 0) return { kind: 'overdue', count: Math.max(1, Math.floor(-ms / HOUR)) };
  // Within the hour reads "1 hour left", as a moment past due reads "1 hour overdue" (never "0 hours").
  if (ms < 24 * HOUR) return { kind: 'hours', count: Math.max(1, Math.floor(ms / HOUR)) };
  return { kind: 'days', count: Math.floor(ms / (24 * HOUR)) };
}

/** Today's calendar day in the browser (the Create Task dialog's default due date), YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
