/** A calendar day at least `days` ahead that is a business day (Monday to Friday, the default BUSINESS_DAYS), `YYYY-MM-DD`. */
export function businessDayIn(days: number, from = Date.now()): string {
  const day = new Date(from + days * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}
