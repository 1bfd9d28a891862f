import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvLine, isFormulaLike } from '../../src/platform/csv.ts';
import { customerCsvHeader, customerCsvRow } from '../../src/customers/customers.csv.ts';
import { csvHeader, csvRow } from '../../src/security/login-history.csv.ts';

describe('CSV cells (formula injection without stray apostrophes)', () => {
  it('keeps numbers and phone numbers as they are', () => {
    for (const v of ['+44 20 7946 0000', '-5', '+1 (555) 010-0199', '-', '-12.5', '+33 1 23 45 67 89', '0044 20 7946 0000']) expect(csvCell(v)).toBe(v);
  });
  it('defuses what a spreadsheet would run', () => {
    expect(csvCell('=cmd')).toBe("'=cmd");
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+SUM(A1:A9)')).toBe("'+SUM(A1:A9)");
    expect(csvCell('-@x')).toBe("'-@x");
    expect(csvCell('@SUM(1)')).toBe("'@SUM(1)");
    expect(csvCell("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(isFormulaLike('\r1')).toBe(true);
  });
  it('quotes commas, quotes, line breaks and edge spaces (RFC 4180)', () => {
    expect(csvLine(['a,b', 'say "hi"', 'x\ny', ' pad', null, 3])).toBe('"a,b","say ""hi""","x\ny"," pad",,3\r\n');
  });
});

describe('the exports', () => {
  it('customers: BOM, spec columns, labels instead of codes, phone unchanged', () => {
    expect(customerCsvHeader()).toBe(`${CSV_BOM}Name,Email,Phone,Company,Status,Lead Score,Source,Total Value,Created\r\n`);
    const row = customerCsvRow(
      // The fields the export reads (the view may grow: deal totals and the like).
      ({
        id: 'x', name: 'Zoë', email: 'z@example.com', phone: '+44 20 7946 0000', company: '=cmd', website: null, address: null, city: null, country: null,
        industry: 'Technology', status: 'prospect', leadScore: 70, assignedTo: null, assignedToName: null, leadSource: 'social_media', tags: [], notes: null,
        createdAt: '2030-01-31T23:30:00.000Z', updatedAt: '2030-01-31T23:30:00.000Z', totalDeals: 0, totalValue: 1200, wonValue: 1200, openValue: 0, lastContact: null, deletedAt: null,
      } as unknown as Parameters<typeof customerCsvRow>[0]),
      'Europe/Paris',
    );
    expect(row).toBe("Zoë,z@example.com,+44 20 7946 0000,'=cmd,Prospect,70,Social media,1200.00,2030-02-01\r\n");
  });
  it('login history: BOM, Device and Status labels', () => {
    expect(csvHeader().startsWith(`${CSV_BOM}Date,User,`)).toBe(true);
    const line = csvRow({
      id: 'x', user_id: null, user_name: 'Ann', user_email: 'ann@example.com', timestamp: '2030-01-31T10:00:00.000Z', ip_address: '127.0.0.1', location: 'Local network',
      device: 'mobile', browser: 'Safari 17', os: 'iOS', status: 'suspicious', failure_reason: null, suspicious_reasons: [], session_id: 's', session_duration: null,
    });
    expect(line).toBe('2030-01-31T10:00:00.000Z,Ann,ann@example.com,127.0.0.1,Local network,Mobile,Safari 17,Suspicious,-\r\n');
  });
});
