/**
 * The audit log's reads (issue 14, docs/AUDIT.md): pages with tiles, one entry, the chain walk, the CSV export
 * (audited: it appends DataExported before streaming) and the live feed of new entries. No transport here.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { AUDIT_ERRORS, RISK_LEVELS, domainError, type AuditLogEntry, type AuditLogFilter, type AuditLogListInput, type AuditVerifyInput, type AuditVerifyResult, type EventStore, type RiskLevel } from '@crm/contracts';
import { auditEventsApplied, auditEntriesAfter, auditHeadPosition, getAuditEntry, listAuditLog, streamAuditLog, verifyAuditChain, type AuditLogPage } from '@crm/projections';
import type { CommandContext } from '../platform/decider.ts';
import { auditCsvHeader, auditCsvRow } from './audit.csv.ts';
import { recordDataExport } from './data-export.ts';

export interface AuditService {
  list(input: AuditLogListInput): Promise<AuditLogPage>;
  get(id: string): Promise<AuditLogEntry>;
  /** The chain walk, checked against the events the audit projection has applied and a head recorded earlier. */
  verify(input?: AuditVerifyInput): Promise<AuditVerifyResult>;
  /** Records the export (DataExported, by the caller), then yields the CSV: BOM and header, then rows, newest first. */
  exportCsv(filter: AuditLogFilter, by: string, ctx: CommandContext): Promise<AsyncGenerator<string>>;
  /**
   * New entries after `after` (a position; null: from now on), in order, until `signal` aborts. Polls the
   * read model (one small indexed read per interval per subscriber).
   */
  live(options: { after: number | null; risk: RiskLevel | 'all'; signal?: AbortSignal; intervalMs?: number }): AsyncGenerator<AuditLogEntry>;
}

export function createAuditService(deps: { pool: pg.Pool; store: EventStore; now: () => Date }): AuditService {
  const { pool, store, now } = deps;
  return {
    list: (input) => listAuditLog(pool, input, now()),

    async get(id) {
      const entry = await getAuditEntry(pool, id);
      if (!entry) throw domainError(AUDIT_ERRORS.audit_entry_not_found);
      return entry;
    },

    verify: async (input = {}) => verifyAuditChain(pool, { expectedEntries: await auditEventsApplied(pool), ...(input.expectHead ? { expectHead: input.expectHead } : {}) }),

    async exportCsv(filter, by, ctx) {
      const at = now();
      await recordDataExport(store, { what: 'audit_log_csv', filters: filter, by }, ctx);
      return (async function* () {
        yield auditCsvHeader();
        for await (const batch of streamAuditLog(pool, filter, at)) yield batch.map(auditCsvRow).join('');
      })();
    },

    async *live({ after, risk, signal, intervalMs = 1000 }) {
      const risks = risk === 'all' ? null : RISK_LEVELS.slice(RISK_LEVELS.indexOf(risk));
      let last = after ?? (await auditHeadPosition(pool));
      while (!signal?.aborted) {
        const entries = await auditEntriesAfter(pool, last, 200, risks);
        for (const entry of entries) {
          last = entry.position;
          yield entry;
        }
        if (entries.length === 200) continue;
        try {
          await sleep(intervalMs, undefined, signal ? { signal } : {});
        } catch {
          return;
        }
      }
    },
  };
}
