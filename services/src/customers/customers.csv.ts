/**
 * The customers CSV export (spec 02 §9): file `customers-YYYY-MM-DD.csv`, columns Name, Email, Phone,
 * Company, Status, Lead Score, Source, Total Value, Created (yyyy-MM-dd). RFC 4180 quoting and the same
 * formula-injection guard as the login-history export (a cell starting with = + - @, tab or CR gets a quote
 * prefix), shared from there.
 */
import { todayIn, type CustomerView } from '@crm/contracts';
import { csvCell } from '../security/login-history.csv.ts';

export const CUSTOMER_CSV_COLUMNS = ['Name', 'Email', 'Phone', 'Company', 'Status', 'Lead Score', 'Source', 'Total Value', 'Created'] as const;

export function customerCsvHeader(): string {
  return `${CUSTOMER_CSV_COLUMNS.join(',')}\r\n`;
}

/** One line; dates are calendar days in `timeZone`. */
export function customerCsvRow(c: CustomerView, timeZone: string): string {
  return `${[
    c.name,
    c.email ?? '',
    c.phone ?? '',
    c.company ?? '',
    c.status,
    c.leadScore,
    c.leadSource ?? '',
    c.totalValue.toFixed(2),
    todayIn(timeZone, new Date(c.createdAt)),
  ]
    .map(csvCell)
    .join(',')}\r\n`;
}

export function customerCsvFileName(now: Date, timeZone: string): string {
  return `customers-${todayIn(timeZone, now)}.csv`;
}
