import type pg from 'pg';
import type { EventStore, LoginHistoryExportInput, LoginHistoryInput, LoginRecord } from '@crm/contracts';
import { iterateLoginHistory, listLoginHistory, type LoginHistoryResult } from '@crm/projections';
import { recordDataExport } from '../audit/data-export.ts';
import type { CommandContext } from '../platform/decider.ts';

export interface LoginHistoryService {
  list(filter: LoginHistoryInput, now: Date): Promise<LoginHistoryResult>;
  /** Every matching record, newest first, in batches (for the CSV export). */
  iterate(filter: LoginHistoryExportInput, now: Date): AsyncGenerator<LoginRecord[]>;
  /** Records an export of the login history by `by` (DataExported: exports of security data are audited). */
  recordExport(filter: LoginHistoryExportInput, by: string, ctx: CommandContext): Promise<void>;
}

export function createLoginHistoryService(deps: { pool: pg.Pool; store: EventStore; businessTimeZone: string }): LoginHistoryService {
  // "Today" and the chart's days are calendar days in the business time zone (as for bookings).
  const options = { timeZone: deps.businessTimeZone };
  return {
    list: (filter, now) => listLoginHistory(deps.pool, filter, now, options),
    iterate: (filter, now) => iterateLoginHistory(deps.pool, filter, now, options),
    async recordExport(filter, by, ctx) {
      await recordDataExport(deps.store, { what: 'login_history_csv', filters: filter, by }, ctx);
    },
  };
}
