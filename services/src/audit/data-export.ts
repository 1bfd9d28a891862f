/**
 * Exports of sensitive data are audited (issue 14): each one appends a `DataExported` event (stream
 * `export-<id>`) with who asked, the filters and, when known up front, the row count. Called by the services
 * that stream the exports (customers, login history, the audit log itself), never by the transports.
 */
import { randomUUID } from 'node:crypto';
import { exportStreamId, validateEventData, type EventStore, type ExportKind } from '@crm/contracts';
import type { CommandContext } from '../platform/decider.ts';

export type ExportFilters = Record<string, string | number | boolean | null>;

/** Plain filter values only (strings, numbers, booleans, null); anything else is written as its JSON text. */
export function exportFilters(filter: object): ExportFilters {
  const out: ExportFilters = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    out[key] = value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : JSON.stringify(value);
  }
  return out;
}

export async function recordDataExport(
  store: EventStore,
  input: { what: ExportKind; filters: object; by: string; rowCount?: number | null },
  ctx: CommandContext,
): Promise<string> {
  const exportId = randomUUID();
  const data = { exportId, what: input.what, filters: exportFilters(input.filters), rowCount: input.rowCount ?? null, by: input.by, at: ctx.now.toISOString() };
  const { checkpoint } = await store.append(exportStreamId(exportId), [{ id: randomUUID(), type: 'DataExported', ...validateEventData('DataExported', data), metadata: ctx.metadata }], {
    expectedVersion: 'no_stream',
  });
  return checkpoint;
}
