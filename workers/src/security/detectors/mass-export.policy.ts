/**
 * Mass export: `threshold` or more exports (`DataExported`) by one account within `windowMs`, or a single export
 * of `largeRows` rows or more. One alert per account per `cooldownMs`. High.
 * Exports whose size is not known (`rowCount` null) count for the frequency only.
 */
import { dataExportedV1 } from '@crm/contracts';
import { alertIdFor, coolingDown, eventTime, pruneCooldowns, pruneKeys, within, type DetectorPolicy, type Hit } from './detector.ts';

export interface MassExportState {
  exports: Record<string, (Hit & { rows: number })[]>;
  raised: Record<string, number>;
}

export const MASS_EXPORT = { threshold: 5, windowMs: 10 * 60_000, largeRows: 10_000, cooldownMs: 60 * 60_000 };


export function massExportPolicy(options = MASS_EXPORT): DetectorPolicy<MassExportState> {
  return {
    type: 'mass_export',
    initialState: { exports: {}, raised: {} },
    apply(state, event) {
      if (event.type !== 'DataExported') return { state, alerts: [] };
      const parsed = dataExportedV1.safeParse(event.data);
      if (!parsed.success) return { state, alerts: [] };
      const d = parsed.data;
      const userId = d.by;
      const rows = d.rowCount ?? 0;
      const what = d.what;
      const now = eventTime(event);
      const exports = pruneKeys(state.exports, now, options.windowMs);
      const hits = [...(exports[userId] ?? []), { eventId: event.id, entityId: d.exportId, at: now, rows }];
      exports[userId] = hits;
      const raised = pruneCooldowns(state.raised, now, options.cooldownMs);
      const recent = within(hits, now, options.windowMs);
      const large = rows >= options.largeRows;
      if ((recent.length < options.threshold && !large) || coolingDown(raised, userId, now, options.cooldownMs)) return { state: { exports, raised }, alerts: [] };
      raised[userId] = now;
      const total = recent.reduce((sum, h) => sum + h.rows, 0);
      const minutes = Math.round(options.windowMs / 60_000);
      const userName: string | null = null;
      return {
        state: { exports, raised },
        alerts: [
          {
            alertId: alertIdFor('mass_export', event.id),
            type: 'mass_export',
            severity: 'high',
            title: large ? `Large export of ${rows} rows (${what})` : `${recent.length} exports within ${minutes} minutes`,
            description: large
              ? `${userName ?? userId} exported ${rows} rows of ${what} at once.`
              : `${userName ?? userId} ran ${recent.length} exports (${total} rows) within ${minutes} minutes.`,
            ipAddress: event.metadata?.ip ?? null,
            userId,
            userName,
            email: null,
            relatedEventIds: large ? [event.id] : recent.map((h) => h.eventId),
            relatedEntityIds: large ? [d.exportId] : recent.map((h) => h.entityId ?? h.eventId),
            details: { exports: recent.length, rows: large ? rows : total, minutes, resource: what },
            detectedAt: new Date(now).toISOString(),
          },
        ],
      };
    },
  };
}
