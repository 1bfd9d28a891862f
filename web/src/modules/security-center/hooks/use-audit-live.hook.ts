import type { RiskLevel } from '@crm/contracts/platform/audit';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { trpc } from '../../api/trpc.client.ts';
import type { AuditEntryRow as AuditLogEntry } from '../../audit/utils/audit-entry.types.ts';
import { LIVE_ENTRIES_MAX } from '../utils/security-tabs.util.ts';
import { addLiveEntry, matchesAuditFilters } from '../utils/live-entries.util.ts';

/**
 * New audit entries as they are written (`audit.live`, a tRPC subscription over server-sent events), while
 * `enabled`. Each entry is tracked by its position: a dropped connection resumes after the last entry received
 * (the link sends it as lastEventId), and turning Real-time back on resumes after the newest entry seen so far
 * (`knownLatest`: the top of the loaded page, or a live entry), so nothing written meanwhile is missed. Entries
 * outside the filters are left out; a filter change starts the list over.
 */
export function useAuditLive(enabled: boolean, filters: { search: string; risk: 'all' | RiskLevel }, knownLatest: number | null) {
  const [entries, setEntries] = useState<AuditLogEntry[]>([]);
  const latest = useRef<number | null>(null);
  const [resumeAfter, setResumeAfter] = useState<string | null>(null);
  const { search, risk } = filters;
  useEffect(() => setEntries([]), [search, risk]);
  useEffect(() => {
    if (knownLatest !== null && (latest.current === null || knownLatest > latest.current)) latest.current = knownLatest;
  }, [knownLatest]);
  // Each time Real-time is turned on, resume after the newest entry seen (none yet: from now).
  useEffect(() => {
    if (enabled) setResumeAfter(latest.current === null ? null : String(latest.current));
  }, [enabled]);
  const onData = useCallback(
    (message: { id: string; data: AuditLogEntry }) => {
      const entry = message.data;
      if (latest.current === null || entry.position > latest.current) latest.current = entry.position;
      if (matchesAuditFilters(entry, { search, risk })) setEntries((prev) => addLiveEntry(prev, entry, LIVE_ENTRIES_MAX));
    },
    [search, risk],
  );
  const input = useMemo(() => (resumeAfter === null ? { risk: 'all' as const } : { risk: 'all' as const, lastEventId: resumeAfter }), [resumeAfter]);
  const subscription = trpc.audit.live.useSubscription(input, { enabled, onData });
  return { entries, status: enabled ? subscription.status : 'idle', clear: () => setEntries([]) };
}
