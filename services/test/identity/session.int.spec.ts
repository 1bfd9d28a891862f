/**
 * The session module against a real PostgreSQL (both setups): tokens, idle and absolute timeouts on a
 * controlled clock, the last-seen write rate, the expiry sweep, and the SessionEnded record of every end.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginStreamId, type LoginEvent } from '@crm/contracts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { PostgresEventStore } from '../../src/eventstore/postgres-event-store.ts';
import { createAccounts } from '../../src/identity/accounts.ts';
import { createSessionManager, type SessionManager } from '../../src/identity/session.ts';
import { describeUserAgent } from '../../src/identity/user-agent.ts';
import { handleCommand } from '../../src/platform/command-handler.ts';
import { loginSessionDecider } from '../../src/security/login-session.decider.ts';
import { PG_SETUPS, createTestDatabase, type TestDatabase } from '../../../test-support/db.ts';

const MINUTE = 60_000;
const IDLE_MS = 30 * MINUTE;
const ABSOLUTE_MS = 8 * 60 * MINUTE;
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe.each(PG_SETUPS)('sessions on %s PostgreSQL', (setup) => {
  let db: TestDatabase;
  let pool: pg.Pool;
  let store: PostgresEventStore;
  let sessions: SessionManager;
  let clock: Date;
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  let ada: { id: string; email: string };
  let bob: { id: string; email: string };

  beforeAll(async () => {
    db = await createTestDatabase(setup);
    pool = new pg.Pool({ connectionString: db.url, max: 8 });
    pool.on('error', () => {});
    await PostgresEventStore.migrate(pool);
    await migrateDatabase(pool);
    store = new PostgresEventStore(pool, db.url, { pollIntervalMs: 100 });
    const accounts = createAccounts({ pool, store });
    const ctx = { now: new Date(), userId: null, metadata: { correlationId: 'test', userId: null, causationId: null } };
    const make = async (name: string) => {
      const email = `${name}.${randomUUID().slice(0, 6)}@example.com`;
      const id = await accounts.create({ name, email, password: 'a-long-test-password', userType: 'user', approved: true }, ctx);
      return { id, email };
    };
    ada = await make('ada');
    bob = await make('bob');
  });

  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await db?.drop();
  });

  beforeEach(() => {
    // A fixed clock far from the wall clock: every timestamp of a session must come from it.
    clock = new Date('2031-03-10T09:00:00.000Z');
    sessions = createSessionManager({ pool, store }, { secure: false, idleMs: IDLE_MS, absoluteMs: ABSOLUTE_MS, now: () => clock });
  });

  /** A login as the login flow records it: LoginSucceeded in the login stream, then the session. */
  async function login(user: { id: string; email: string }, userAgent: string | null = FIREFOX_LINUX, ip = '203.0.113.7') {
    const loginId = randomUUID();
    await handleCommand(
      store,
      loginStreamId(loginId),
      loginSessionDecider,
      {
        type: 'RecordLoginSucceeded',
        attempt: { loginId, userId: user.id, userName: 'Test', email: user.email, ip, userAgent, ...describeUserAgent(userAgent), suspicious: false, suspiciousReasons: [] },
      },
      { now: clock, userId: user.id, metadata: { correlationId: 'test', userId: user.id, causationId: null } },
    );
    const session = await sessions.create(user.id, { loginId, ip, userAgent });
    return { ...session, loginId };
  }

  async function ends(loginId: string) {
    const events = await store.readStream(loginStreamId(loginId));
    return events.filter((e) => e.type === 'SessionEnded').map((e) => (e.data as Extract<LoginEvent, { type: 'SessionEnded' }>['data']));
  }

  const lastSeen = async (id: string) =>
    (await pool.query<{ last_seen_at: Date }>('SELECT last_seen_at FROM user_session WHERE id = $1', [id])).rows[0]?.last_seen_at.toISOString() ?? null;

  it('creates a 200-bit token in an HttpOnly, SameSite=Lax cookie and validates it', async () => {
    const s = await login(ada);
    expect(s.id).toMatch(/^[a-z2-7]{40}$/);
    expect(s.cookie).toMatch(/^crm_session=/);
    expect(s.cookie).toMatch(/HttpOnly/i);
    expect(s.cookie).toMatch(/SameSite=Lax/i);
    expect(s.cookie).not.toMatch(/Secure/i);
    expect(await sessions.validate(s.id)).toEqual({ userId: ada.id, sessionId: s.id, loginId: s.loginId });
    expect(await sessions.validate('a'.repeat(40))).toBeNull();
    const row = (await pool.query('SELECT created_at, expires_at, last_seen_at FROM user_session WHERE id = $1', [s.id])).rows[0];
    expect(row.created_at.toISOString()).toBe(clock.toISOString());
    expect(row.last_seen_at.toISOString()).toBe(clock.toISOString());
    expect(row.expires_at.getTime()).toBe(clock.getTime() + ABSOLUTE_MS);

    const secure = createSessionManager({ pool, store }, { secure: true, idleMs: IDLE_MS, absoluteMs: ABSOLUTE_MS, now: () => clock });
    const created = await secure.create(ada.id, { loginId: randomUUID(), ip: null, userAgent: null });
    expect(created.cookie).toMatch(/^__Host-crm_session=/);
    expect(created.cookie).toMatch(/Secure/);
    expect(created.cookie).toMatch(/Path=\//);
    expect(created.cookie).not.toMatch(/Domain=/i);
    await secure.end(created.id, 'logout');
  });

  it('ends a session left unused for the idle timeout, once, as idle_timeout', async () => {
    const s = await login(ada);
    advance(IDLE_MS - MINUTE);
    expect(await sessions.validate(s.id)).not.toBeNull(); // used: the idle clock restarts
    advance(IDLE_MS - MINUTE);
    expect(await sessions.validate(s.id)).not.toBeNull();
    expect(await ends(s.loginId)).toEqual([]);
    advance(IDLE_MS);
    expect(await sessions.validate(s.id)).toBeNull();
    expect(await sessions.validate(s.id)).toBeNull();
    expect(await ends(s.loginId)).toEqual([{ loginId: s.loginId, userId: ada.id, reason: 'idle_timeout', endedAt: clock.toISOString() }]);
    expect((await pool.query('SELECT 1 FROM user_session WHERE id = $1', [s.id])).rowCount).toBe(0);
  });

  it('ends a session at the absolute timeout even while it is in use', async () => {
    const s = await login(ada);
    for (let used = 0; used < ABSOLUTE_MS - 10 * MINUTE; used += 10 * MINUTE) {
      advance(10 * MINUTE);
      expect(await sessions.validate(s.id)).not.toBeNull();
    }
    advance(10 * MINUTE);
    expect(clock.getTime()).toBe(new Date('2031-03-10T17:00:00.000Z').getTime());
    expect(await sessions.validate(s.id)).toBeNull();
    expect((await ends(s.loginId)).map((e) => e.reason)).toEqual(['absolute_timeout']);
  });

  it('writes last_seen_at at most once a minute', async () => {
    const s = await login(ada);
    const created = clock.toISOString();
    advance(10_000);
    await sessions.validate(s.id);
    advance(30_000);
    await sessions.validate(s.id);
    expect(await lastSeen(s.id)).toBe(created);
    advance(21_000); // 61 s after the last write
    await sessions.validate(s.id);
    const touched = clock.toISOString();
    expect(await lastSeen(s.id)).toBe(touched);
    advance(30_000);
    await sessions.validate(s.id);
    expect(await lastSeen(s.id)).toBe(touched);
    advance(30_000);
    await sessions.validate(s.id);
    expect(await lastSeen(s.id)).toBe(clock.toISOString());
    await sessions.end(s.id, 'logout');
  });

  it('keeps a session in use alive when the idle timeout is shorter than the write interval', async () => {
    const short = createSessionManager({ pool, store }, { secure: false, idleMs: MINUTE, absoluteMs: ABSOLUTE_MS, now: () => clock });
    const s = await short.create(ada.id, { loginId: randomUUID(), ip: null, userAgent: null });
    for (let i = 0; i < 6; i++) {
      advance(35_000);
      expect(await short.validate(s.id)).not.toBeNull();
    }
    advance(MINUTE);
    expect(await short.validate(s.id)).toBeNull();
  });

  it('sweepExpired ends abandoned sessions (idle or past the deadline) and leaves live ones', async () => {
    await pool.query('DELETE FROM user_session');
    const abandoned = await login(ada);
    const longLived = await login(bob);
    const live = await login(ada);
    // longLived and live are used every 20 minutes; abandoned never again.
    for (let i = 0; i < 2; i++) {
      advance(20 * MINUTE);
      await sessions.validate(longLived.id);
      await sessions.validate(live.id);
    }
    expect(await sessions.sweepExpired()).toBe(1);
    expect((await ends(abandoned.loginId)).map((e) => e.reason)).toEqual(['idle_timeout']);
    // Past the absolute deadline: longLived was used a minute ago and still goes.
    await pool.query('UPDATE user_session SET expires_at = $2 WHERE id = $1', [longLived.id, new Date(clock.getTime() - 1)]);
    advance(MINUTE);
    await sessions.validate(live.id);
    expect(await sessions.sweepExpired()).toBe(1);
    expect((await ends(longLived.loginId)).map((e) => e.reason)).toEqual(['absolute_timeout']);
    expect(await sessions.sweepExpired()).toBe(0);
    expect(await ends(live.loginId)).toEqual([]);
    expect(await sessions.validate(live.id)).not.toBeNull();
    expect((await ends(abandoned.loginId)).length).toBe(1);
    await sessions.end(live.id, 'logout');
  });

  it('records exactly one SessionEnded per end, with the reason of the way it ended', async () => {
    const loggedOut = await login(ada);
    await sessions.end(loggedOut.id, 'logout');
    await sessions.end(loggedOut.id, 'logout');
    expect((await ends(loggedOut.loginId)).map((e) => e.reason)).toEqual(['logout']);
    expect(await sessions.validate(loggedOut.id)).toBeNull();

    const signedOut = await login(ada);
    expect(await sessions.endByLoginId(bob.id, signedOut.loginId, 'signed_out')).toBe(false); // not Bob's
    expect(await sessions.validate(signedOut.id)).not.toBeNull();
    expect(await sessions.endByLoginId(ada.id, signedOut.loginId, 'signed_out')).toBe(true);
    expect(await sessions.endByLoginId(ada.id, signedOut.loginId, 'signed_out')).toBe(false);
    expect((await ends(signedOut.loginId)).map((e) => e.reason)).toEqual(['signed_out']);

    const current = await login(ada);
    const other1 = await login(ada, SAFARI_IPHONE);
    const other2 = await login(ada);
    const bobs = await login(bob);
    expect(await sessions.endAllForUser(ada.id, 'password_changed', current.id)).toBe(2);
    expect(await sessions.validate(current.id)).not.toBeNull();
    expect(await sessions.validate(bobs.id)).not.toBeNull();
    for (const s of [other1, other2]) {
      expect(await sessions.validate(s.id)).toBeNull();
      expect((await ends(s.loginId)).map((e) => e.reason)).toEqual(['password_changed']);
    }
    expect(await ends(current.loginId)).toEqual([]);

    expect(await sessions.endAllForUser(ada.id, 'signed_out_everywhere')).toBe(1);
    expect((await ends(current.loginId)).map((e) => e.reason)).toEqual(['signed_out_everywhere']);
    expect(await ends(bobs.loginId)).toEqual([]);
    await sessions.end(bobs.id, 'logout');
  });

  it('records one end when a logout races the sweep and a sign-out', async () => {
    const s = await login(ada);
    advance(IDLE_MS);
    await Promise.all([sessions.end(s.id, 'logout'), sessions.sweepExpired(), sessions.endByLoginId(ada.id, s.loginId, 'signed_out'), sessions.validate(s.id)]);
    expect(await ends(s.loginId)).toHaveLength(1);
  });

  it("lists the user's own live sessions with device, browser, IP and times, never a token", async () => {
    await pool.query('DELETE FROM user_session');
    const desktop = await login(ada, FIREFOX_LINUX, '198.51.100.4');
    advance(5 * MINUTE);
    const phone = await login(ada, SAFARI_IPHONE, '2001:db8::1');
    const bobs = await login(bob);
    const stale = await login(ada);
    advance(2 * MINUTE);
    await sessions.validate(desktop.id);
    // `stale` idles out without being swept: it must not be listed.
    await pool.query('UPDATE user_session SET last_seen_at = $2 WHERE id = $1', [stale.id, new Date(clock.getTime() - IDLE_MS)]);

    const list = await sessions.list(ada.id, phone.id);
    expect(list).toEqual([
      {
        loginId: desktop.loginId,
        ip: '198.51.100.4',
        device: 'desktop',
        browser: 'Firefox 132',
        os: 'Linux',
        createdAt: '2031-03-10T09:00:00.000Z',
        lastSeenAt: '2031-03-10T09:07:00.000Z',
        current: false,
      },
      {
        loginId: phone.loginId,
        ip: '2001:db8::1',
        device: 'mobile',
        browser: 'Safari 17',
        os: 'iOS 17.0',
        createdAt: '2031-03-10T09:05:00.000Z',
        lastSeenAt: '2031-03-10T09:05:00.000Z',
        current: true,
      },
    ]);
    const text = JSON.stringify(list);
    for (const token of [desktop.id, phone.id, bobs.id, stale.id]) expect(text).not.toContain(token);
    expect(Object.keys(list[0]!).sort()).toEqual(['browser', 'createdAt', 'current', 'device', 'ip', 'lastSeenAt', 'loginId', 'os']);
    expect((await sessions.list(bob.id, null)).map((s) => s.loginId)).toEqual([bobs.loginId]);
    expect(await sessions.list(randomUUID(), null)).toEqual([]);
  });
});
