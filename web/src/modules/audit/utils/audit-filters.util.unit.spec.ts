import { describe, expect, it } from 'vitest';
import { DEFAULT_AUDIT_LOG_FILTERS, auditExportUrl, filtersFromQuery } from './audit-filters.util.ts';

describe('audit log filters', () => {
  it('read a link’s filters: a search looks at every date; unknown options fall back', () => {
    expect(filtersFromQuery('')).toEqual(DEFAULT_AUDIT_LOG_FILTERS);
    expect(filtersFromQuery('?search=0b7a4f64-52b9')).toEqual({ ...DEFAULT_AUDIT_LOG_FILTERS, search: '0b7a4f64-52b9', dateRange: 'all' });
    expect(filtersFromQuery('search=x&dateRange=24h&entity=customer&action=UPDATE&risk=high')).toEqual({ search: 'x', dateRange: '24h', entity: 'customer', action: 'UPDATE', risk: 'high' });
    expect(filtersFromQuery('entity=planet&action=EXPLODE&risk=huge&dateRange=1y')).toEqual(DEFAULT_AUDIT_LOG_FILTERS);
  });

  it('export the filters as the REST query, leaving empty ones out', () => {
    expect(auditExportUrl({ search: ' ada ', dateRange: '7d', action: 'all', entity: 'customer' })).toBe('/api/admin/audit-logs/export?search=ada&dateRange=7d&action=all&entity=customer');
    expect(auditExportUrl({ search: '', dateRange: 'all' })).toBe('/api/admin/audit-logs/export?dateRange=all');
  });
});
