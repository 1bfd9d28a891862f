import type pg from 'pg';
import type { LoginHistoryExportInput, LoginHistoryInput, LoginRecord } from '@crm/contracts';
import { iterateLoginHistory, listLoginHistory, type LoginHistoryResult } from '@crm/projections';

export interface LoginHistoryService {
  list(filter: LoginHistoryInput, now: Date): Promise<LoginHistoryResult>;
  /** Every matching record, newest first, in batches (for the CSV export). */
  iterate(filter: LoginHistoryExportInput, now: Date): AsyncGenerator<LoginRecord[]>;
}

export function createLoginHistoryService(deps: { pool: pg.Pool; businessTimeZone: string }): LoginHistoryService {
  // "Today" and the chart's days are calendar days in the business time zone (as for bookings).
  const options = { timeZone: deps.businessTimeZone };
  return {
    list: (filter, now) => listLoginHistory(deps.pool, filter, now, options),
    iterate: (filter, now) => iterateLoginHistory(deps.pool, filter, now, options),
  };
}
