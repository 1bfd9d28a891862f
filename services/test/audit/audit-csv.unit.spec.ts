/** The audit-log CSV: BOM and the spec's columns, one line per entry, changes as `field: old → new`, formula guard. */
import { describe, expect, it } from 'vitest';
import type { AuditLogEntry } from '@crm/contracts';
import { auditChangesText, auditCsvFileName, auditCsvHeader, auditCsvRow } from '../../src/audit/audit.csv.ts';

const entry: AuditLogEntry = {
  id: 'e1',
  position: 7,
  timestamp: '2030-01-31T10:00:00.000Z',
  eventType: 'CustomerUpdated',
  userId: 'u1',
  userName: '=HYPERLINK("x")',
  userRole: 'admin',
  action: 'UPDATE',
  entity: 'customer',
  entityId: 'c1',
  outcome: 'success',
  riskLevel: 'low',
  ipAddress: '127.0.0.1',
  userAgent: null,
  device: 'other',
  browser: 'Unknown',
  os: 'Unknown',
  location: 'Local network',
  sessionId: null,
  correlationId: null,
  changes: [
    { field: 'name', oldValue: 'Ada', newValue: 'Ada King' },
    { field: 'tags', oldValue: [], newValue: ['vip'] },
    { field: 'city', oldValue: null, newValue: 'London' },
  ],
  details: {},
  hash: 'h',
};

describe('audit CSV', () => {
  it('starts with the BOM and the columns Date, User, Action, Entity, Entity ID, Changes, Status, IP Address, Risk', () => {
    expect(auditCsvHeader()).toBe('\uFEFFDate,User,Action,Entity,Entity ID,Changes,Status,IP Address,Risk\r\n');
  });

  it('writes an entry on one line: changes old → new, the status as a word, a formula defused', () => {
    expect(auditChangesText(entry)).toBe('name: Ada → Ada King; tags: [] → ["vip"]; city: ∅ → London');
    expect(auditCsvRow(entry)).toBe(`2030-01-31T10:00:00.000Z,"'=HYPERLINK(""x"")",UPDATE,customer,c1,"name: Ada → Ada King; tags: [] → [""vip""]; city: ∅ → London",Success,127.0.0.1,low\r\n`);
    expect(auditCsvRow({ ...entry, outcome: 'failure', changes: [] })).toContain(',,Failed,');
  });

  it('names the file by the day in the business time zone', () => {
    expect(auditCsvFileName(new Date('2030-01-31T23:30:00Z'), 'Europe/Paris')).toBe('audit-log-2030-02-01.csv');
  });
});
