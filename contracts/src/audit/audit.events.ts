import { z } from 'zod';
import { auditedEvent } from '../platform/audit.ts';

/** What was exported: each CSV export of sensitive data appends one `DataExported` (issue 14, "exports are audited"). */
export const EXPORT_KINDS = ['customers_csv', 'login_history_csv', 'audit_log_csv', 'compliance_report', 'form_submissions_csv'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/**
 * Someone downloaded an export. Appended by the service when the export starts (stream `export-<exportId>`), with
 * the filters it was asked with; `rowCount` when the service knows it up front (null otherwise).
 */
export const dataExportedV1 = z.object({
  exportId: z.string().uuid(),
  what: z.enum(EXPORT_KINDS),
  filters: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  rowCount: z.number().int().nonnegative().nullable(),
  by: z.string().uuid(),
  at: z.iso.datetime(),
});

const EXPORT_ENTITY = { customers_csv: 'customer', login_history_csv: 'session', audit_log_csv: 'audit_log', compliance_report: 'compliance', form_submissions_csv: 'form_submission' } as const;

export const auditEventSchemas = {
  DataExported: auditedEvent(1, dataExportedV1, {
    entity: (d) => EXPORT_ENTITY[d.what],
    entityId: (d) => d.exportId,
    action: 'EXPORT',
    // The audit trail and the login history are security data: exporting them is a bigger deal than a customer list.
    risk: (d) => (d.what === 'customers_csv' || d.what === 'form_submissions_csv' ? 'medium' : 'high'),
    actor: (d) => d.by,
  }),
} as const;

type Schemas = typeof auditEventSchemas;
export type AuditDomainEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]['schema']> } }[keyof Schemas];

export const exportStreamId = (exportId: string) => `export-${exportId}`;
