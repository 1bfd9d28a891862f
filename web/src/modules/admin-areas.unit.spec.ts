import { ADMIN_AREA_PATHS, isKnownRoute } from '@crm/contracts';
import { describe, expect, it } from 'vitest';
import { ADMIN_AREAS, areaOfPath, groupedAdminAreas, visibleAdminAreas } from './admin-areas.ts';

describe('admin areas', () => {
  it('name exactly the admin URLs the server answers with the app (ADMIN_AREA_PATHS)', () => {
    expect(ADMIN_AREAS.map((area) => area.path).sort()).toEqual([...ADMIN_AREA_PATHS].sort());
    for (const area of ADMIN_AREAS) {
      expect(isKnownRoute(area.path), area.path).toBe(true);
      expect(isKnownRoute(`${area.path}/some-record`), area.path).toBe(true);
    }
    expect(isKnownRoute('/admin/nope')).toBe(false);
    expect(isKnownRoute('/admin/customersx')).toBe(false);
  });

  it('have unique ids and paths', () => {
    expect(new Set(ADMIN_AREAS.map((area) => area.id)).size).toBe(ADMIN_AREAS.length);
    expect(new Set(ADMIN_AREAS.map((area) => area.path)).size).toBe(ADMIN_AREAS.length);
  });

  it('are listed in the sidebar order of the issue, filtered by role', () => {
    expect(visibleAdminAreas({ userType: 'admin' }).map((area) => area.id)).toEqual(['dashboard', 'customers', 'pipeline', 'tasks', 'marketing', 'bookings', 'users', 'loginHistory', 'securityCenter', 'auditLog', 'integrations', 'profile']);
    expect(visibleAdminAreas({ userType: 'manager' }).map((area) => area.id)).toEqual(['dashboard', 'customers', 'pipeline', 'tasks', 'marketing', 'bookings', 'users', 'profile']);
    expect(visibleAdminAreas({ userType: 'user' }).map((area) => area.id)).toEqual(['dashboard', 'customers', 'pipeline', 'tasks', 'profile']);
    expect(groupedAdminAreas(visibleAdminAreas({ userType: 'admin' })).map((g) => g.group)).toEqual(['dashboard', 'sales', 'bookings', 'admin', 'profile']);
  });

  it('find the area of a deep link', () => {
    expect(areaOfPath('/admin/customers/42')?.id).toBe('customers');
    expect(areaOfPath('/admin/pipeline/deals/7')?.id).toBe('pipeline');
    expect(areaOfPath('/admin/login-history/')?.id).toBe('loginHistory');
    expect(areaOfPath('/admin/security')?.id).toBe('securityCenter');
    expect(areaOfPath('/admin/audit-log')?.id).toBe('auditLog');
    expect(areaOfPath('/admin/integrations')?.id).toBe('integrations');
    expect(areaOfPath('/admin/marketing/campaigns/3')?.id).toBe('marketing');
    expect(areaOfPath('/admin/nope')).toBeUndefined();
  });
});
