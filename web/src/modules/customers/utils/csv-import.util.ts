import type { CustomerCreatePayload } from '@crm/contracts/customers/customer.input';
import { parseTags } from './customer-form.util.ts';

/** Customer fields a CSV column can fill. */
export const IMPORT_FIELDS = [
  'name',
  'email',
  'phone',
  'company',
  'website',
  'address',
  'city',
  'country',
  'industry',
  'status',
  'leadScore',
  'leadSource',
  'tags',
  'notes',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export type ColumnMapping = (ImportField | 'ignore')[];

/** Rows sent per `customers.importRows` call (the server takes at most 500). */
export const IMPORT_CHUNK = 500;

const normalise = (header: string) => header.toLowerCase().replace(/[^a-z]/g, '');

const ALIASES: Record<string, ImportField> = {
  name: 'name',
  fullname: 'name',
  customer: 'name',
  customername: 'name',
  contactname: 'name',
  email: 'email',
  emailaddress: 'email',
  mail: 'email',
  phone: 'phone',
  phonenumber: 'phone',
  telephone: 'phone',
  mobile: 'phone',
  company: 'company',
  companyname: 'company',
  organization: 'company',
  organisation: 'company',
  website: 'website',
  web: 'website',
  url: 'website',
  address: 'address',
  street: 'address',
  city: 'city',
  town: 'city',
  country: 'country',
  industry: 'industry',
  status: 'status',
  leadscore: 'leadScore',
  score: 'leadScore',
  source: 'leadSource',
  leadsource: 'leadSource',
  tags: 'tags',
  tag: 'tags',
  notes: 'notes',
  note: 'notes',
  comments: 'notes',
};

/** A first guess of each column's field from its header ("Lead Score" → leadScore); a field is used once. */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  const used = new Set<ImportField>();
  return headers.map((header) => {
    const field = ALIASES[normalise(header)];
    if (!field || used.has(field)) return 'ignore';
    used.add(field);
    return field;
  });
}

const SOURCE_WORDS: Record<string, string> = { socialmedia: 'social_media', coldcall: 'cold_call' };

/**
 * One CSV record as a create payload. Values are passed through nearly as typed (case of enum values and the
 * spec's export labels like "Social media" are normalised) so the server's validation names what is wrong.
 */
export function rowPayload(record: readonly string[], mapping: ColumnMapping): CustomerCreatePayload {
  const out: Record<string, unknown> = { name: '' };
  mapping.forEach((field, index) => {
    if (field === 'ignore') return;
    // A NUL byte (a binary file read as text) can be stored nowhere: dropped, so the row is judged on the rest.
    const raw = (record[index] ?? '').replaceAll('\u0000', '').trim();
    switch (field) {
      case 'tags':
        out.tags = parseTags(raw.replace(/;/g, ','));
        break;
      case 'leadScore':
        if (raw !== '') out.leadScore = /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
        break;
      case 'status':
        if (raw !== '') out.status = raw.toLowerCase();
        break;
      case 'leadSource': {
        if (raw === '') break;
        const key = raw.toLowerCase().replace(/[\s_-]/g, '');
        out.leadSource = SOURCE_WORDS[key] ?? raw.toLowerCase();
        break;
      }
      case 'industry':
        out.industry = raw ? raw[0]!.toUpperCase() + raw.slice(1).toLowerCase() : null;
        break;
      default:
        out[field] = raw === '' ? (field === 'name' ? '' : null) : raw;
    }
  });
  return out as unknown as CustomerCreatePayload;
}

/** A record made only of empty cells (a trailing blank line) is skipped. */
export const isBlankRecord = (record: readonly string[]) => record.every((cell) => cell.trim() === '');

export interface ImportRowError {
  /** 1-based data row (the header is row 0). */
  row: number;
  errors: Record<string, string[]>;
}

const csvCell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * The per-row errors as a small CSV for download, in the reader's language: the three column titles (row,
 * field, message) and each field by its label.
 */
export function errorsCsv(errors: readonly ImportRowError[], columns: readonly [string, string, string], label: (field: string) => string): string {
  const lines = [columns.map(csvCell).join(',')];
  for (const { row, errors: fields } of errors) {
    for (const [field, messages] of Object.entries(fields)) {
      for (const message of messages) lines.push([String(row), label(field), message].map(csvCell).join(','));
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}
