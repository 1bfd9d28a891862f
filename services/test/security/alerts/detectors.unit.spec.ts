import { describe, expect, it } from 'vitest';
import type { LoginFailureReason } from '@crm/contracts';
import { bruteForcePolicy } from '../../../../workers/src/security/detectors/brute-force.policy.ts';
import { deactivatedLoginPolicy } from '../../../../workers/src/security/detectors/deactivated-login.policy.ts';
import { alertIdFor, type AlertDraft, type DetectorEnv, type DetectorEvent, type DetectorPolicy } from '../../../../workers/src/security/detectors/detector.ts';
import { applyDetectors, defaultDetectors, initialDetectorsState } from '../../../../workers/src/security/detectors/detectors.ts';
import { massExportPolicy } from '../../../../workers/src/security/detectors/mass-export.policy.ts';
import { newCountryPolicy } from '../../../../workers/src/security/detectors/new-country.policy.ts';
import { passwordSprayingPolicy } from '../../../../workers/src/security/detectors/password-spraying.policy.ts';
import { privilegeEscalationPolicy } from '../../../../workers/src/security/detectors/privilege-escalation.policy.ts';

const T0 = Date.parse('2030-03-01T10:00:00.000Z');
const minutes = (m: number) => new Date(T0 + m * 60_000).toISOString();
const noCountry: DetectorEnv = { countryOf: () => null };
const USER = '6f1c2b7a-0000-4000-8000-000000000001';
const ADMIN = '6f1c2b7a-0000-4000-8000-000000000002';
const LOGIN = '0b7a4f64-52b9-4c5c-9d1e-5a0f5e2f1c11';

let seq = 0;
const ev = (type: string, data: Record<string, unknown>, id = `e-${++seq}`): DetectorEvent => ({ id, type, data, timestamp: new Date(String(data.at ?? minutes(0))) });

const client = { userAgent: 'test', device: 'desktop', browser: 'Chrome', os: 'Linux', suspicious: false, suspiciousReasons: [] };
const failed = (at: string, o: { email?: string; ip?: string | null; reason?: LoginFailureReason; userId?: string | null } = {}, id?: string) =>
  ev('LoginFailed', { loginId: LOGIN, userId: o.userId === undefined ? USER : o.userId, userName: o.userId === null ? null : 'Ana', email: o.email ?? 'ana@example.com', reason: o.reason ?? 'wrong_password', at, ip: o.ip === undefined ? '203.0.113.9' : o.ip, ...client }, id);
const succeeded = (at: string, ip: string, id?: string) => ev('LoginSucceeded', { loginId: LOGIN, userId: USER, userName: 'Ana', email: 'ana@example.com', at, ip, ...client }, id);

/** given(events).when(event).then(alerts) for one detector policy. */
function detectorSpec<S>(policy: DetectorPolicy<S>, env: DetectorEnv = noCountry) {
  return {
    given(events: DetectorEvent[]) {
      const state = events.reduce((s, e) => policy.apply(s, e, env).state, policy.initialState);
      return {
        when(event: DetectorEvent) {
          const alerts = policy.apply(state, event, env).alerts;
          return {
            then(expected: Partial<AlertDraft>[]) {
              expect(alerts).toEqual(expected.map((a) => expect.objectContaining(a)));
            },
            thenNone() {
              expect(alerts).toEqual([]);
            },
          };
        },
      };
    },
  };
}

describe('brute force detector', () => {
  const spec = detectorSpec(bruteForcePolicy());
  const four = [1, 2, 3, 4].map((m) => failed(minutes(m)));

  it('raises a high alert at the fifth failed login on one account within 15 minutes, naming the events', () => {
    const fifth = failed(minutes(5), {}, 'fifth');
    spec
      .given(four)
      .when(fifth)
      .then([
        {
          alertId: alertIdFor('brute_force', 'fifth'),
          type: 'brute_force',
          severity: 'high',
          userId: USER,
          email: 'ana@example.com',
          ipAddress: '203.0.113.9',
          relatedEventIds: [...four.map((e) => e.id), 'fifth'],
          detectedAt: minutes(5),
        },
      ]);
  });

  it('stays silent at four failures', () => {
    spec.given(four.slice(0, 3)).when(four[3]!).thenNone();
  });

  it('does not count failures older than the window', () => {
    spec.given([failed(minutes(0)), ...four.slice(1)]).when(failed(minutes(16))).thenNone();
  });

  it('counts the same e-mail whatever its case, unknown accounts and throttled attempts too', () => {
    spec
      .given([failed(minutes(1), { email: 'ANA@example.com', reason: 'unknown_account', userId: null }), failed(minutes(2), { reason: 'throttled' }), ...four.slice(2)])
      .when(failed(minutes(5)))
      .then([{ type: 'brute_force', details: { failures: 5, minutes: 15, addresses: 1 } }]);
  });

  it('raises once per incident (cool-down of an hour), again after it', () => {
    const first = [...four, failed(minutes(5))];
    spec.given(first).when(failed(minutes(6))).thenNone();
    const later = [61, 62, 63, 64].map((m) => failed(minutes(m)));
    spec.given([...first, ...later]).when(failed(minutes(66))).then([{ type: 'brute_force' }]);
  });

  it('ignores logins refused for other reasons (blocked address, awaiting approval)', () => {
    spec.given([1, 2, 3, 4].map((m) => failed(minutes(m), { reason: 'ip_blocked' }))).when(failed(minutes(5), { reason: 'awaiting_approval' })).thenNone();
  });
});

describe('password spraying detector', () => {
  const spec = detectorSpec(passwordSprayingPolicy());
  const accounts = ['a', 'b', 'c', 'd'].map((n, i) => failed(minutes(i + 1), { email: `${n}@example.com`, ip: '198.51.100.7', userId: null, reason: 'unknown_account' }));

  it('raises a critical alert when one address fails on five accounts within 15 minutes', () => {
    spec
      .given(accounts)
      .when(failed(minutes(5), { email: 'e@example.com', ip: '198.51.100.7' }, 'spray'))
      .then([{ alertId: alertIdFor('password_spraying', 'spray'), type: 'password_spraying', severity: 'critical', ipAddress: '198.51.100.7', userId: null, details: { failures: 5, accounts: 5, minutes: 15 } }]);
  });

  it('does not count the same account twice, nor other addresses', () => {
    spec.given(accounts).when(failed(minutes(5), { email: 'a@example.com', ip: '198.51.100.7' })).thenNone();
    spec.given(accounts).when(failed(minutes(5), { email: 'e@example.com', ip: '198.51.100.8' })).thenNone();
  });
});

describe('new country detector', () => {
  const countries: Record<string, string> = { '81.2.69.142': 'GB', '5.135.0.1': 'FR', '81.2.69.143': 'GB' };
  const spec = detectorSpec(newCountryPolicy(), { countryOf: (ip) => (ip ? (countries[ip] ?? null) : null) });

  it('raises a medium alert when an account logs in from a country none of its logins came from', () => {
    spec
      .given([succeeded(minutes(0), '81.2.69.142')])
      .when(succeeded(minutes(60), '5.135.0.1', 'fr-login'))
      .then([{ alertId: alertIdFor('new_country', 'fr-login'), type: 'new_country', severity: 'medium', userId: USER, ipAddress: '5.135.0.1', details: { country: 'FR', previous: 'GB' } }]);
  });

  it('stays silent for the first located login, a known country, and local or unknown addresses', () => {
    spec.given([]).when(succeeded(minutes(0), '81.2.69.142')).thenNone();
    spec.given([succeeded(minutes(0), '81.2.69.142')]).when(succeeded(minutes(5), '81.2.69.143')).thenNone();
    spec.given([succeeded(minutes(0), '81.2.69.142')]).when(succeeded(minutes(5), '127.0.0.1')).thenNone();
  });
});

describe('privilege escalation detector', () => {
  const spec = detectorSpec(privilegeEscalationPolicy());
  const created = (userId: string, name: string) => ev('UserCreated', { userId, name, email: `${name}@x.test`, userType: 'user', isApproved: true, isActive: true, createdAt: minutes(0) });
  const changed = (from: string, to: string, id?: string) => ev('UserTypeChanged', { userId: USER, from, to, by: ADMIN, at: minutes(10) }, id);

  it('raises a high alert when an account is raised to admin, naming who and by whom', () => {
    spec
      .given([created(USER, 'Ana'), created(ADMIN, 'Root')])
      .when(changed('user', 'admin', 'promo'))
      .then([{ alertId: alertIdFor('privilege_escalation', 'promo'), type: 'privilege_escalation', severity: 'high', userId: USER, userName: 'Ana', title: 'Ana was raised to admin', details: { from: 'user', to: 'admin', by: 'Root' } }]);
  });

  it('stays silent for other type changes', () => {
    spec.given([created(USER, 'Ana')]).when(changed('user', 'manager')).thenNone();
    spec.given([created(USER, 'Ana')]).when(changed('admin', 'manager')).thenNone();
  });
});

describe('mass export detector', () => {
  const spec = detectorSpec(massExportPolicy());
  const exported = (m: number, rows: number, id?: string) => ev('DataExported', { exportId: '7d1c2b7a-0000-4000-8000-00000000000e', what: 'customers_csv', filters: {}, rowCount: rows, by: USER, at: minutes(m) }, id);

  it('raises a high alert at the fifth export by one account within 10 minutes', () => {
    spec
      .given([1, 2, 3, 4].map((m) => exported(m, 100)))
      .when(exported(5, 100, 'fifth-export'))
      .then([{ alertId: alertIdFor('mass_export', 'fifth-export'), type: 'mass_export', severity: 'high', userId: USER, details: { exports: 5, rows: 500, minutes: 10, resource: 'customers_csv' } }]);
  });

  it('raises a high alert for one export of 10,000 rows or more', () => {
    spec.given([]).when(exported(0, 25_000, 'big')).then([{ type: 'mass_export', relatedEventIds: ['big'], details: { exports: 1, rows: 25_000, minutes: 10, resource: 'customers_csv' } }]);
  });

  it('stays silent for a few small exports, or exports spread over time', () => {
    spec.given([1, 2, 3].map((m) => exported(m, 100))).when(exported(4, 100)).thenNone();
    spec.given([0, 11, 22, 33].map((m) => exported(m, 100))).when(exported(44, 100)).thenNone();
  });
});

describe('login on a deactivated account detector', () => {
  const spec = detectorSpec(deactivatedLoginPolicy());

  it('raises a medium alert when the right password is given for a deactivated account', () => {
    spec
      .given([])
      .when(failed(minutes(0), { reason: 'account_deactivated' }, 'deact'))
      .then([{ alertId: alertIdFor('deactivated_account_login', 'deact'), type: 'deactivated_account_login', severity: 'medium', userId: USER, details: { account: 'deactivated' } }]);
  });

  it('covers suspended and locked accounts, once per hour per account', () => {
    spec.given([]).when(failed(minutes(0), { reason: 'account_locked' })).then([{ details: { account: 'locked' } }]);
    spec.given([failed(minutes(0), { reason: 'account_suspended' })]).when(failed(minutes(30), { reason: 'account_suspended' })).thenNone();
    spec.given([failed(minutes(0), { reason: 'account_suspended' })]).when(failed(minutes(61), { reason: 'account_suspended' })).then([{ type: 'deactivated_account_login' }]);
  });

  it('ignores wrong passwords', () => {
    spec.given([]).when(failed(minutes(0))).thenNone();
  });
});

describe('all detectors together', () => {
  it('are deterministic: the same events give the same state and the same alert ids, in one pass or replayed', () => {
    const policies = defaultDetectors();
    const events = [...[1, 2, 3, 4, 5, 6].map((m) => failed(minutes(m), {}, `bf-${m}`)), failed(minutes(7), { reason: 'account_deactivated' }, 'deact-1')];
    const run = () => {
      let state = initialDetectorsState(policies);
      const ids: string[] = [];
      for (const e of events) {
        const r = applyDetectors(policies, JSON.parse(JSON.stringify(state)), e, noCountry);
        state = r.state;
        ids.push(...r.alerts.map((a) => a.alertId));
      }
      return { state, ids };
    };
    const a = run();
    const b = run();
    expect(a.ids).toEqual([alertIdFor('brute_force', 'bf-5'), alertIdFor('deactivated_account_login', 'deact-1')]);
    expect(b).toEqual(a);
  });
});
