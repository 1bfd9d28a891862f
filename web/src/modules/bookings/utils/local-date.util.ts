/** Today's date (YYYY-MM-DD) on the visitor's own calendar, for the date input's minimum. */
export function todayLocalIsoDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The visitor's IANA time zone (e.g. Europe/Paris), or undefined when the browser cannot tell. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
