/**
 * The customers CSV export (spec 02 §9): file `customers-YYYY-MM-DD.csv`, columns Name, Email, Phone,
 * Company, Status, Lead Score, Source, Total Value, Created (yyyy-MM-dd). A UTF-8 BOM first (so spreadsheet
 * programs read names in any script), labels rather than codes for Status and Source ("Prospect",
 * "Social media": the list's English labels; the export has no locale parameter), RFC 4180 quoting and the
 * formula-injection guard of platform/csv.ts (phone numbers such as "+44 20 7946 0000" stay as they are).
 */
import { todayIn, type CustomerStatus, type CustomerView, type LeadSource } from '@crm/contracts';
import { CSV_BOM, csvLine } from '../platform/csv.ts';

export const CUSTOMER_CSV_COLUMNS = ['Name', 'Email', 'Phone', 'Company', 'Status', 'Lead Score', 'Source', 'Total Value', 'Created'] as const;

/** As the web app's English labels (web/src/i18n/en/customers). */
export const CUSTOMER_STATUS_LABELS: Record<CustomerStatus, string> = { lead: 'Lead', prospect: 'Prospect', customer: 'Customer', inactive: 'Inactive' };
export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  website: 'Website',
  referral: 'Referral',
  social_media: 'Social media',
  advertising: 'Advertising',
  cold_call: 'Cold call',
};

/** The byte order mark, then the column names. */
export function customerCsvHeader(): string {
  return `${CSV_BOM}${csvLine(CUSTOMER_CSV_COLUMNS)}`;
}

/** One line; dates are calendar days in `timeZone`. */
export function customerCsvRow(c: CustomerView, timeZone: string): string {
  return csvLine([
    c.name,
    c.email ?? '',
    c.phone ?? '',
    c.company ?? '',
    CUSTOMER_STATUS_LABELS[c.status] ?? c.status,
    c.leadScore,
    c.leadSource ? (LEAD_SOURCE_LABELS[c.leadSource] ?? c.leadSource) : '',
    c.totalValue.toFixed(2),
    todayIn(timeZone, new Date(c.createdAt)),
  ]);
}

export function customerCsvFileName(now: Date, timeZone: string): string {
  return `customers-${todayIn(timeZone, now)}.csv`;
}
