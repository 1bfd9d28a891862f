/**
 * The blocked-IPs read model row by row: blocks and unblocks in order, one statement per event (the upsert of
 * readModelTable for a block, a delete for an unblock), in one batch or one event per batch.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, it } from 'vitest';
import { type IpBlockEvent, ipBlockStreamId } from '@crm/contracts';
import { blockedIpsProjection } from '../../src/security/blocked-ips.projection.ts';
import { type SpecEvent, projectionSpec } from '../support/projection-spec.ts';

const spec = projectionSpec(blockedIpsProjection);
afterAll(() => spec.close());

const ev = (e: IpBlockEvent): SpecEvent => ({ streamId: ipBlockStreamId(e.data.ip), type: e.type, data: e.data });
const admin = randomUUID();
const at = (minute: number) => `2030-06-15T12:${String(minute).padStart(2, '0')}:00.000Z`;
const blocked = (ip: string, reason: string, minute: number, loginId: string | null = null) => ev({ type: 'IpBlocked', data: { ip, reason, loginId, by: admin, at: at(minute) } });
const unblocked = (ip: string, minute: number) => ev({ type: 'IpUnblocked', data: { ip, by: admin, at: at(minute) } });

describe('blocked IPs projection: given events, then rows', () => {
  it('a block is one row with its reason, login and author', async () => {
    const loginId = randomUUID();
    await spec
      .given(blocked('203.0.113.7', 'credential stuffing', 1, loginId))
      .then([{ ip: '203.0.113.7', reason: 'credential stuffing', login_id: loginId, blocked_by: admin, blocked_at: at(1) }]);
  });

  it('an unblock removes the row; blocked again, it is back with the new reason', async () => {
    await spec
      .given(blocked('198.51.100.1', 'first', 1), blocked('2001:db8::1', 'other', 2))
      .when(unblocked('198.51.100.1', 3), blocked('198.51.100.1', 'second', 4), unblocked('2001:db8::1', 5))
      .then([{ ip: '198.51.100.1', reason: 'second', login_id: null, blocked_at: at(4) }]);
  });

  it('a second block of a blocked address replaces the first', async () => {
    await spec.given(blocked('192.0.2.9', 'one', 1), blocked('192.0.2.9', 'two', 2)).then([{ ip: '192.0.2.9', reason: 'two', blocked_at: at(2) }]);
  });
});
