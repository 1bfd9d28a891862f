import { describe, it } from 'vitest';
import type { IpBlockEvent } from '@crm/contracts';
import { ipBlockDecider } from '../../src/security/ip-block.decider.ts';
import { deciderSpec } from '../support/given-when-then.ts';

const now = new Date('2030-03-01T10:00:00.000Z');
const at = now.toISOString();
const admin = 'a3c1b2d4-0000-4000-8000-000000000001';
const loginId = '0b7a4f64-52b9-4c5c-9d1e-5a0f5e2f1c11';
const spec = deciderSpec(ipBlockDecider, { now, userId: admin, metadata: { correlationId: 'test' } });
const anonymous = deciderSpec(ipBlockDecider, { now, userId: null, metadata: { correlationId: 'test' } });

const blocked = (ip: string): IpBlockEvent => ({ type: 'IpBlocked', data: { ip, reason: 'brute force', loginId, by: admin, at: '2030-03-01T09:00:00.000Z' } });
const unblocked = (ip: string): IpBlockEvent => ({ type: 'IpUnblocked', data: { ip, by: admin, at: '2030-03-01T09:30:00.000Z' } });

describe('ip-block decider', () => {
  it('blocks an address that is not blocked, with who, why, when and the login it came from', () => {
    spec
      .given([])
      .when({ type: 'BlockIp', ip: '203.0.113.7', reason: 'brute force', loginId })
      .then([{ type: 'IpBlocked', data: { ip: '203.0.113.7', reason: 'brute force', loginId, by: admin, at } }]);
  });

  it('blocks IPv6 addresses too', () => {
    spec
      .given([])
      .when({ type: 'BlockIp', ip: '2001:db8::1', reason: '', loginId: null })
      .then([{ type: 'IpBlocked', data: { ip: '2001:db8::1', reason: '', loginId: null, by: admin, at } }]);
  });

  it('refuses to block an address twice (409 ip_already_blocked)', () => {
    spec.given([blocked('203.0.113.7')]).when({ type: 'BlockIp', ip: '203.0.113.7', reason: 'again', loginId: null }).thenThrows('ip_already_blocked');
  });

  it('blocks again after an unblock', () => {
    spec
      .given([blocked('203.0.113.7'), unblocked('203.0.113.7')])
      .when({ type: 'BlockIp', ip: '203.0.113.7', reason: 'back', loginId: null })
      .then([{ type: 'IpBlocked', data: { ip: '203.0.113.7', reason: 'back', loginId: null, by: admin, at } }]);
  });

  it('unblocks a blocked address', () => {
    spec.given([blocked('203.0.113.7')]).when({ type: 'UnblockIp', ip: '203.0.113.7' }).then([{ type: 'IpUnblocked', data: { ip: '203.0.113.7', by: admin, at } }]);
  });

  it('refuses to unblock an address that is not blocked (404 ip_not_blocked), also after an unblock', () => {
    spec.given([]).when({ type: 'UnblockIp', ip: '203.0.113.7' }).thenThrows('ip_not_blocked');
    spec.given([blocked('203.0.113.7'), unblocked('203.0.113.7')]).when({ type: 'UnblockIp', ip: '203.0.113.7' }).thenThrows('ip_not_blocked');
  });

  it.each(['not-an-ip', '999.1.1.1', '10.0.0.0/8', 'fe80::1%eth0', '', 'example.com'])('refuses %j as an address', (ip) => {
    spec.given([]).when({ type: 'BlockIp', ip, reason: '', loginId: null }).thenThrows('invalid_ip');
    spec.given([]).when({ type: 'UnblockIp', ip }).thenThrows('invalid_ip');
  });

  it('needs an acting user', () => {
    anonymous.given([]).when({ type: 'BlockIp', ip: '203.0.113.7', reason: '', loginId: null }).thenThrows('actor_required');
  });
});
