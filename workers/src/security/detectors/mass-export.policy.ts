/**
 * Mass export: `threshold` or more exports (`DataExported`) by one account within `windowMs`, or a single export
 * of `largeRows` rows or more. One alert per account per `cooldownMs`. High.
 *
 * `DataExported` is read loosely (the account from `userId`/`by`/`actorId` or the event's metadata, the size
 * from `rows`/`rowCount`/`count`, what from `resource`/`entity`/`kind`): any export event of that name counts.
 */
import { alertIdFor, coolingDown, eventTime, pruneCooldowns, pruneKeys, within, type DetectorPolicy, type Hit } from './detector.ts';

export interface MassExportState {
  exports: Record<string, (Hit & { rows: number })[]>;
  raised: Record<string, number>;
}

export const MASS_EXPORT = { threshold: 5, windowMs: 10 * 60_000, largeRows: 10_000, cooldownMs: 60 * 60_000 };

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function massExportPolicy(options = MASS_EXPORT): DetectorPolicy<MassExportState> {
  return {
    type: 'mass_export',
    initialState: { exports: {}, raised: {} },
    apply(state, event) {
      if (event.type !== 'DataExported') return { state, alerts: [] };
      const d = (event.data ?? {}) as Record<string, unknown>;
      const meta = ((event as { metadata?: Record<string, unknown> }).metadata ?? {}) as Record<string, unknown>;
      const userId = str(d.userId) ?? str(d.by) ?? str(d.actorId) ?? str(meta.userId);
      if (!userId) return { state, alerts: [] };
      const rows = num(d.rows) ?? num(d.rowCount) ?? num(d.count) ?? 0;
      const what = str(d.resource) ?? str(d.entity) ?? str(d.kind) ?? str(d.what) ?? 'data';
      const now = eventTime(event);
      const exports = pruneKeys(state.exports, now, options.windowMs);
      const hits = [...(exports[userId] ?? []), { eventId: event.id, at: now, rows }];
      exports[userId] = hits;
      const raised = pruneCooldowns(state.raised, now, options.cooldownMs);
      const recent = within(hits, now, options.windowMs);
      const large = rows >= options.largeRows;
      if ((recent.length < options.threshold && !large) || coolingDown(raised, userId, now, options.cooldownMs)) return { state: { exports, raised }, alerts: [] };
      raised[userId] = now;
      const total = recent.reduce((sum, h) => sum + h.rows, 0);
      const minutes = Math.round(options.windowMs / 60_000);
      const userName = str(d.userName);
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
            ipAddress: str(meta.ip),
            userId,
            userName,
            email: null,
            relatedEventIds: large ? [event.id] : recent.map((h) => h.eventId),
            details: { exports: recent.length, rows: large ? rows : total, minutes, resource: what },
            detectedAt: new Date(now).toISOString(),
          },
        ],
      };
    },
  };
}
