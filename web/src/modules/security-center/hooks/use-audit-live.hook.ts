import type { AuditEntryRow as AuditLogEntry } from '../../audit/utils/audit-entry.types.ts';
import type { RiskLevel } from '@crm/contracts/platform/audit';
import { useCallback, useEffect, useState } from 'react';
import { trpc } from '../../api/trpc.client.ts';
import { LIVE_ENTRIES_MAX } from '../utils/security-tabs.util.ts';
import { addLiveEntry, matchesAuditFilters } from '../utils/live-entries.util.ts';

/**
 * New audit entries as they are written (`audit.live`, a tRPC subscription over server-sent events), while
 * `enabled`. Each entry is tracked by its position, so a dropped connection resumes after the last entry received
 * (the link sends it as lastEventId). Entries outside the filters are left out; a filter change starts over.
 */
export function useAuditLive(enabled: boolean, filters: { search: string; risk: 'all' | RiskLevel }) {
  const [entries, setEntries] = useState<AuditLogEntry[]>([]);
  const { search, risk } = filters;
  useEffect(() => setEntries([]), [search, risk]);
  const onData = useCallback(
    (message: { id: string; data: AuditLogEntry }) => {
      const entry = message.data;
      if (matchesAuditFilters(entry, { search, risk })) setEntries((prev) => addLiveEntry(prev, entry, LIVE_ENTRIES_MAX));
    },
    [search, risk],
  );
  const subscription = trpc.audit.live.useSubscription({ risk: 'all' }, { enabled, onData });
  return { entries, status: enabled ? subscription.status : 'idle', clear: () => setEntries([]) };
}
