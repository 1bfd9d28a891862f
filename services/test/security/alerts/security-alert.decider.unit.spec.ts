import { describe, it } from 'vitest';
import type { SecurityAlertEvent } from '@crm/contracts';
import { securityAlertDecider } from '../../../src/security/alerts/security-alert.decider.ts';
import { deciderSpec } from '../../support/given-when-then.ts';

const now = new Date('2030-03-01T10:00:00.000Z');
const at = now.toISOString();
const admin = 'a3c1b2d4-0000-4000-8000-000000000001';
const alertId = '5d8a1e2f-3b4c-5d6e-8f70-8192a3b4c5d6';
const spec = deciderSpec(securityAlertDecider, { now, userId: admin, metadata: { correlationId: 'test' } });
const anonymous = deciderSpec(securityAlertDecider, { now, userId: null, metadata: { correlationId: 'test' } });

const raised: SecurityAlertEvent = {
  type: 'SecurityAlertRaised',
  data: {
    alertId,
    type: 'brute_force',
    severity: 'high',
    title: 'Brute force attack on ana@example.com',
    description: '5 failed logins',
    ipAddress: '203.0.113.9',
    userId: null,
    userName: null,
    email: 'ana@example.com',
    relatedEventIds: ['e1'],
    relatedEntityIds: ['l1'],
    details: { failures: 5 },
    detectedAt: '2030-03-01T09:00:00.000Z',
  },
};
const investigating: SecurityAlertEvent = { type: 'SecurityAlertInvestigationStarted', data: { alertId, by: admin, at: '2030-03-01T09:30:00.000Z', note: null } };
const resolved: SecurityAlertEvent = { type: 'SecurityAlertResolved', data: { alertId, by: admin, at: '2030-03-01T09:45:00.000Z', note: null } };

describe('security alert decider', () => {
  it('moves an open alert to investigating, with who, when and the note', () => {
    spec.given([raised]).when({ type: 'InvestigateAlert', alertId, note: 'checking' }).then([{ type: 'SecurityAlertInvestigationStarted', data: { alertId, by: admin, at, note: 'checking' } }]);
  });

  it('resolves an open or investigated alert', () => {
    spec.given([raised]).when({ type: 'ResolveAlert', alertId, note: null }).then([{ type: 'SecurityAlertResolved', data: { alertId, by: admin, at, note: null } }]);
    spec.given([raised, investigating]).when({ type: 'ResolveAlert', alertId, note: 'blocked the address' }).then([{ type: 'SecurityAlertResolved', data: { alertId, by: admin, at, note: 'blocked the address' } }]);
  });

  it('refuses to resolve twice, to investigate a resolved or investigated alert', () => {
    spec.given([raised, resolved]).when({ type: 'ResolveAlert', alertId, note: null }).thenThrows('alert_resolved');
    spec.given([raised, resolved]).when({ type: 'InvestigateAlert', alertId, note: null }).thenThrows('alert_resolved');
    spec.given([raised, investigating]).when({ type: 'InvestigateAlert', alertId, note: null }).thenThrows('alert_investigating');
  });

  it('refuses an unknown alert (404) and an anonymous actor', () => {
    spec.given([]).when({ type: 'ResolveAlert', alertId, note: null }).thenThrows('alert_not_found');
    anonymous.given([raised]).when({ type: 'ResolveAlert', alertId, note: null }).thenThrows('alert_actor_required');
  });
});
