/**
 * The security_alerts read model row by row: an alert raised is an open row; investigating and resolving move its
 * status with who, when and the note; a raised event seen twice (a replay) keeps the first row.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, it } from 'vitest';
import { type SecurityAlertEvent, securityAlertStreamId } from '@crm/contracts';
import { securityAlertsProjection } from '../../../src/security/alerts/security-alerts.projection.ts';
import { type SpecEvent, projectionSpec } from '../../support/projection-spec.ts';

const spec = projectionSpec(securityAlertsProjection);
afterAll(() => spec.close());

const ev = (e: SecurityAlertEvent): SpecEvent => ({ streamId: securityAlertStreamId(e.data.alertId), type: e.type, data: e.data });
const admin = randomUUID();
const user = randomUUID();
const at = (minute: number) => `2030-06-15T12:${String(minute).padStart(2, '0')}:00.000Z`;
const raised = (alertId: string, minute: number, severity: 'medium' | 'high' = 'high') =>
  ev({
    type: 'SecurityAlertRaised',
    data: {
      alertId,
      type: 'brute_force',
      severity,
      title: 'Brute force attack on ana@example.com',
      description: '5 failed logins on ana@example.com within 15 minutes.',
      ipAddress: '203.0.113.9',
      userId: user,
      userName: 'Ana',
      email: 'ana@example.com',
      relatedEventIds: ['e1', 'e2'],
      relatedEntityIds: ['l1', 'l2'],
      details: { failures: 5, minutes: 15 },
      detectedAt: at(minute),
    },
  });

describe('security alerts projection: given events, then rows', () => {
  it('a raised alert is an open row with its facts and related events', async () => {
    const id = randomUUID();
    await spec.given(raised(id, 1)).then([
      {
        id,
        type: 'brute_force',
        severity: 'high',
        status: 'open',
        ip_address: '203.0.113.9',
        user_id: user,
        user_name: 'Ana',
        email: 'ana@example.com',
        related_event_ids: ['e1', 'e2'],
        related_entity_ids: ['l1', 'l2'],
        details: { failures: 5, minutes: 15 },
        detected_at: at(1),
        resolved_at: null,
        note: null,
      },
    ]);
  });

  it('investigating then resolving moves the status, with who, when and the note', async () => {
    const id = randomUUID();
    const other = randomUUID();
    await spec
      .given(raised(id, 1), raised(other, 2, 'medium'))
      .when(
        ev({ type: 'SecurityAlertInvestigationStarted', data: { alertId: id, by: admin, at: at(3), note: 'looking' } }),
        ev({ type: 'SecurityAlertResolved', data: { alertId: id, by: admin, at: at(4), note: null } }),
      )
      .then([
        { id, status: 'resolved', severity: 'high', investigated_by: admin, investigated_at: at(3), resolved_by: admin, resolved_at: at(4), note: 'looking' },
        { id: other, status: 'open', severity: 'medium', investigated_by: null, investigated_at: null, resolved_by: null, resolved_at: null, note: null },
      ]);
  });
});
