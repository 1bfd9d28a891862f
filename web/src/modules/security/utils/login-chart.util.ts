import type { LoginHistoryDay } from '@crm/contracts/security/login-history.input';

const MIN_DAYS = 7;

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The days from the first to the last with attempts, gaps filled with zeros, and at least a week shown. */
export function continuousDays(days: LoginHistoryDay[]): LoginHistoryDay[] {
  if (days.length === 0) return [];
  const byDay = new Map(days.map((d) => [d.day, d]));
  const last = days[days.length - 1]!.day;
  let first = days[0]!.day;
  if (Date.parse(last) - Date.parse(first) < (MIN_DAYS - 1) * 86_400_000) first = addDays(last, -(MIN_DAYS - 1));
  const out: LoginHistoryDay[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) out.push(byDay.get(day) ?? { day, success: 0, failed: 0, suspicious: 0 });
  return out;
}
