/**
 * The audit log row by row (projection-spec.ts: the real projection on a real PostgreSQL, all events in one batch
 * and one event per batch): per-field changes against the entity's previous state, the actor's name and type as
 * they were when they acted, secrets never written, the session and correlation from the metadata.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, it } from 'vitest';
import { customerStreamId, userStreamId, loginStreamId } from '@crm/contracts';
import { auditLogProjection } from '../../src/audit/audit-log.projection.ts';
import { type SpecEvent, projectionSpec } from '../support/projection-spec.ts';

const spec = projectionSpec(auditLogProjection);
afterAll(() => spec.close());

const admin = randomUUID();
const at = '2030-06-15T12:00:00.000Z';
const meta = (userId: string | null, extra: Record<string, unknown> = {}) => ({ correlationId: 'corr-1', userId, ip: '127.0.0.1', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', ...extra });
const userCreated = (userId: string, name: string, userType: 'admin' | 'manager' | 'user'): SpecEvent => ({
  streamId: userStreamId(userId),
  type: 'UserCreated',
  data: { userId, name, email: `${name.toLowerCase()}@example.com`, userType, isApproved: true, isActive: true, createdAt: at },
  metadata: { correlationId: 'boot' },
});
const customerCreated = (customerId: string, by: string): SpecEvent => ({
  streamId: customerStreamId(customerId),
  type: 'CustomerCreated',
  data: { customerId, name: 'Ada', email: 'ada@example.com', phone: null, company: null, website: null, address: null, city: null, country: null, industry: null, leadSource: null, notes: null, status: 'lead', leadScore: 10, assignedTo: null, tags: [], createdAt: at, createdBy: by },
  metadata: meta(by, { sessionId: 'login-1' }),
});

/** Rows with the same columns each: `cols` names them, each row gives their values in that order. */
const rows = (cols: string[], ...values: unknown[][]) => values.map((v) => Object.fromEntries(cols.map((c, i) => [c, v[i]])));

describe('audit log projection: given events, then entries', () => {
  it('a CREATE lists every field from null; an UPDATE only the fields that changed, old → new', async () => {
    const id = randomUUID();
    await spec
      .given(userCreated(admin, 'Grace', 'admin'), customerCreated(id, admin))
      .when(
        { streamId: customerStreamId(id), type: 'CustomerUpdated', data: { customerId: id, changes: { name: 'Ada L.', email: 'ada@example.com', city: 'London' }, updatedAt: at, updatedBy: admin }, metadata: meta(admin) },
        { streamId: customerStreamId(id), type: 'CustomerTagged', data: { customerId: id, tag: 'vip', taggedAt: at, taggedBy: admin }, metadata: meta(admin) },
        { streamId: customerStreamId(id), type: 'CustomerStatusChanged', data: { customerId: id, from: 'lead', to: 'customer', changedAt: at, changedBy: admin }, metadata: meta(admin) },
      )
      .then(
        rows(
          ['position', 'entity', 'entity_id', 'action', 'risk', 'user_name', 'user_role', 'changes'],
          ['1', 'user', admin, 'CREATE', 'high', 'System', 'system', [
            { field: 'name', oldValue: null, newValue: 'Grace' },
            { field: 'email', oldValue: null, newValue: 'grace@example.com' },
            { field: 'userType', oldValue: null, newValue: 'admin' },
            { field: 'isApproved', oldValue: null, newValue: true },
            { field: 'isActive', oldValue: null, newValue: true },
          ]],
          ['2', 'customer', id, 'CREATE', 'low', 'Grace', 'admin', [
            { field: 'name', oldValue: null, newValue: 'Ada' },
            { field: 'email', oldValue: null, newValue: 'ada@example.com' },
            { field: 'status', oldValue: null, newValue: 'lead' },
            { field: 'leadScore', oldValue: null, newValue: 10 },
            { field: 'tags', oldValue: null, newValue: [] },
          ]],
          ['3', 'customer', id, 'UPDATE', 'low', 'Grace', 'admin', [{ field: 'name', oldValue: 'Ada', newValue: 'Ada L.' }, { field: 'city', oldValue: null, newValue: 'London' }]],
          ['4', 'customer', id, 'UPDATE', 'low', 'Grace', 'admin', [{ field: 'tags', oldValue: [], newValue: ['vip'] }]],
          ['5', 'customer', id, 'UPDATE', 'low', 'Grace', 'admin', [{ field: 'status', oldValue: 'lead', newValue: 'customer' }]],
        ),
      );
  });

  it('where from: IP, location, device, browser, session and correlation from the metadata', async () => {
    const id = randomUUID();
    await spec
      .given(userCreated(admin, 'Grace', 'admin'), customerCreated(id, admin))
      .then(
        rows(
          ['position', 'event_type', 'user_id', 'ip_address', 'location', 'device', 'browser', 'session_id', 'correlation_id', 'outcome'],
          ['1', 'UserCreated', null, null, 'Unknown', 'other', 'Unknown', null, 'boot', 'success'],
          ['2', 'CustomerCreated', admin, '127.0.0.1', 'Local network', 'desktop', 'Chrome 131', 'login-1', 'corr-1', 'success'],
        ),
      );
  });

  it('the actor’s name and type are those they had when they acted', async () => {
    const manager = randomUUID();
    const c1 = randomUUID();
    const c2 = randomUUID();
    await spec
      .given(
        userCreated(admin, 'Grace', 'admin'),
        userCreated(manager, 'Linus', 'user'),
        customerCreated(c1, manager),
        { streamId: userStreamId(manager), type: 'UserTypeChanged', data: { userId: manager, from: 'user', to: 'admin', by: admin, at }, metadata: meta(admin) },
        { streamId: userStreamId(manager), type: 'UserProfileUpdated', data: { userId: manager, name: 'Linus T.', email: 'linus@example.com', previousEmail: 'linus@example.com', at }, metadata: meta(manager) },
        customerCreated(c2, manager),
      )
      .then(
        rows(
          ['position', 'user_name', 'user_role', 'action', 'risk'],
          ['1', 'System', 'system', 'CREATE', 'high'],
          ['2', 'System', 'system', 'CREATE', 'medium'],
          ['3', 'Linus', 'user', 'CREATE', 'low'],
          ['4', 'Grace', 'admin', 'PERMISSION_CHANGE', 'high'],
          ['5', 'Linus T.', 'admin', 'UPDATE', 'low'],
          ['6', 'Linus T.', 'admin', 'CREATE', 'low'],
        ),
      );
  });

  it('secrets never reach an entry: the global deny list and the declaration’s own list', async () => {
    const invited = randomUUID();
    await spec
      .given(
        userCreated(admin, 'Grace', 'admin'),
        {
          streamId: userStreamId(invited),
          type: 'UserInvited',
          data: { userId: invited, email: 'new@example.com', userType: 'user', invitedBy: admin, tokenHash: 'a'.repeat(64), expiresAt: at, at },
          metadata: meta(admin),
        },
        // An event type no declaration knows, with secrets in its data (and deeper down).
        { streamId: 'odd-1', type: 'SomethingOdd', data: { password: 'hunter2', nested: { apiKey: 'k-123', totpSecret: 'JBSWY3DP' }, ok: 1 }, metadata: meta(admin) },
      )
      .then(
        rows(
          ['position', 'entity', 'outcome', 'details'],
          ['1', 'user', 'success', { userId: admin, name: 'Grace', email: 'grace@example.com', userType: 'admin', isApproved: true, isActive: true, createdAt: at }],
          ['2', 'invitation', 'success', { userId: invited, email: 'new@example.com', userType: 'user', invitedBy: admin, tokenHash: '[REDACTED]', expiresAt: at, at }],
          ['3', 'unknown', 'warning', { password: '[REDACTED]', nested: { apiKey: '[REDACTED]', totpSecret: '[REDACTED]' }, ok: 1 }],
        ),
      );
  });

  it('a login names its account, its session and the failure’s risk', async () => {
    const user = randomUUID();
    const loginId = randomUUID();
    const failedId = randomUUID();
    const client = { ip: '8.8.8.8', userAgent: null, device: 'other', browser: 'Unknown', os: 'Unknown', suspicious: false, suspiciousReasons: [] };
    await spec
      .given(
        userCreated(user, 'Ada', 'user'),
        { streamId: loginStreamId(loginId), type: 'LoginSucceeded', data: { loginId, userId: user, userName: 'Ada', email: 'ada@example.com', at, ...client }, metadata: { correlationId: 'c', ip: '8.8.8.8' } },
        { streamId: loginStreamId(failedId), type: 'LoginFailed', data: { loginId: failedId, userId: null, userName: null, email: 'who@example.com', reason: 'throttled', at, ...client }, metadata: { correlationId: 'c', ip: '8.8.8.8' } },
      )
      .then(
        rows(
          ['position', 'action', 'outcome', 'risk', 'entity', 'session_id', 'user_id', 'user_name', 'user_role', 'location'],
          ['1', 'CREATE', 'success', 'medium', 'user', null, null, 'System', 'system', 'Unknown'],
          ['2', 'LOGIN', 'success', 'low', 'session', loginId, user, 'Ada', 'user', 'United States'],
          ['3', 'LOGIN_FAILED', 'failure', 'high', 'session', failedId, null, 'who@example.com', 'visitor', 'United States'],
        ),
      );
  });
});
