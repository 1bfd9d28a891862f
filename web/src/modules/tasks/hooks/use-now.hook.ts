import { useEffect, useState } from 'react';

/** The current time, re-read every `intervalMs` (spec 02 §4: overdue is re-evaluated every 60 seconds). */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
