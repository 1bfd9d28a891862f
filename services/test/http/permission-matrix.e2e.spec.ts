/**
 * The permission matrix, walked: every tRPC procedure and every REST route declares an access level; the
 * declarations match docs/PERMISSIONS.md exactly; and a real server answers each of them with 401 for an
 * anonymous caller, 403 for a role without the permission, and something else for a role that has it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPES, USER_TYPES, allows, apiKeyScopeFor, type Access, type UserType } from '@crm/contracts';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { createAccount, loginSession, loginToken, rest, trpcClient, type TestAccount } from '../../../test-support/http.ts';
import { appRouter } from '../../src/trpc/app.router.ts';
import type { ProcedureMeta } from '../../src/trpc/trpc.ts';

type Caller = 'anonymous' | UserType;
const CALLERS: Caller[] = ['anonymous', ...USER_TYPES];

/** The rows of the markdown table that follows `heading` in docs/PERMISSIONS.md: first column → access. */
function documentedTable(heading: string): Map<string, string> {
  const doc = readFileSync(path.resolve(import.meta.dirname, '../../../docs/PERMISSIONS.md'), 'utf8');
  const section = doc.split(/^## /m).find((s) => s.startsWith(heading));
  if (!section) throw new Error(`docs/PERMISSIONS.md has no "## ${heading}" section`);
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = /^\| `([^`]+)` \| `([^`]+)` \|$/.exec(line.trim());
    if (cells) rows.set(cells[1]!, cells[2]!);
  }
  return rows;
}

interface ProcedureDef {
  _def: { type: 'query' | 'mutation' | 'subscription'; meta?: ProcedureMeta };
}
const procedures = Object.entries((appRouter as unknown as { _def: { procedures: Record<string, ProcedureDef> } })._def.procedures);

const SSE_ERROR_STATUS: Record<string, number> = { UNAUTHORIZED: 401, FORBIDDEN: 403, BAD_REQUEST: 400 };

/**
 * A subscription answers over server-sent events with HTTP 200 whatever happens: its refusal is the stream's
 * first `serialized-error` event. The status it stands for (401, 403, 400), or 200 when the stream carries no error
 * within a moment (allowed: it waits for data).
 */
async function subscriptionStatus(app: TestApp, name: string, cookie: string | null): Promise<number> {
  const abort = new AbortController();
  const res = await fetch(`${app.baseUrl}/trpc/${name}`, { headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) }, signal: abort.signal });
  if (!res.ok || !res.body) return res.status;
  const reader = res.body.getReader();
  let text = '';
  const timer = setTimeout(() => abort.abort(), 1500);
  try {
    while (!/event: serialized-error[\s\S]*?\n\n/.test(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
  } catch {
    // Aborted: no error within the moment, the subscription runs.
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
  const code = /"code":"([A-Z_]+)"/.exec(/event: serialized-error\ndata: (.*)/.exec(text)?.[1] ?? '')?.[1];
  return code ? (SSE_ERROR_STATUS[code] ?? 500) : 200;
}

/** What a caller should get: 401 anonymous, 403 lacking the permission, null when allowed. */
function expectedDenial(caller: Caller, access: Access): 401 | 403 | null {
  if (allows(caller === 'anonymous' ? null : caller, access)) return null;
  return caller === 'anonymous' ? 401 : 403;
}

describe('every procedure and route declares its access', () => {
  it('tRPC: each procedure has meta.access, and the set matches docs/PERMISSIONS.md', () => {
    const declared = new Map(procedures.map(([name, p]) => [name, p._def.meta?.access ?? '(none)']));
    for (const [name, access] of declared) expect(access, `${name} declares no access`).not.toBe('(none)');
    expect(Object.fromEntries(declared)).toEqual(Object.fromEntries(documentedTable('tRPC procedures')));
  });
});

describe('the running server enforces the matrix', () => {
  let app: TestApp;
  const accounts = {} as Record<UserType, TestAccount>;
  const tokens = {} as Record<UserType, string>;

  beforeAll(async () => {
    app = await startTestApp();
    for (const type of USER_TYPES) {
      accounts[type] = await createAccount(app, { userType: type });
      tokens[type] = await loginToken(app, accounts[type]);
    }
  }, 60_000);
  afterAll(async () => app?.stop());

  it('REST: every /api route is listed in docs/PERMISSIONS.md with the access it declares', () => {
    const declared = Object.fromEntries(app.platform.routes.map((r) => [`${r.method} ${r.url}`, r.access]));
    expect(declared).toEqual(Object.fromEntries(documentedTable('REST routes')));
  });

  it('REST: 401 anonymous, 403 without the permission, allowed otherwise', async () => {
    const failures: string[] = [];
    for (const route of app.platform.routes) {
      const url = route.url.replace(/:(\w+)/g, (_m, name: string) => (name === 'ip' ? '198.51.100.77' : '00000000-0000-4000-8000-000000000000'));
      for (const caller of CALLERS) {
        const res = await rest(app, url, {
          method: route.method,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { json: {} }),
          ...(caller === 'anonymous' ? {} : { token: tokens[caller] }),
        });
        const denial = expectedDenial(caller, route.access);
        const ok = denial === null ? res.status !== 401 && res.status !== 403 && res.status < 500 : res.status === denial;
        if (!ok) failures.push(`${route.method} ${route.url} as ${caller}: got ${res.status}, expected ${denial ?? 'allowed'}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('REST with API keys: the right scope allowed, a wrong scope 403, revoked or expired 401', async () => {
    // One key per scope (an admin's: every scope), one key holding them all, then that key revoked and one expired.
    const create = async (scopes: readonly string[], expiresAt?: string) => {
      const res = await rest(app, '/api/admin/api-keys', { method: 'POST', token: tokens.admin, json: { name: `walk ${scopes.length === 1 ? scopes[0]! : 'every scope'}`, scopes, ...(expiresAt ? { expiresAt } : {}) } });
      if (res.status !== 201) throw new Error(`key not created: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.apiKey as { id: string; key: string };
    };
    const byScope = new Map<string, string>();
    for (const scope of API_KEY_SCOPES) byScope.set(scope, (await create([scope])).key);
    const all = await create(API_KEY_SCOPES);
    const revoked = await create(API_KEY_SCOPES);
    expect((await rest(app, `/api/admin/api-keys/${revoked.id}`, { method: 'DELETE', token: tokens.admin })).status).toBe(200);
    const expired = await create(API_KEY_SCOPES, new Date(Date.now() + 1000).toISOString());
    await new Promise((r) => setTimeout(r, 1200));

    const failures: string[] = [];
    for (const route of app.platform.routes) {
      if (route.access === 'public') continue;
      const url = route.url.replace(/:(\w+)/g, (_m, name: string) => (name === 'ip' ? '198.51.100.78' : '00000000-0000-4000-8000-000000000000'));
      const call = (token: string) =>
        rest(app, url, { method: route.method, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { json: {} }), token });
      const scope = apiKeyScopeFor(route.method, route.url, route.access);
      for (const [name, token] of [['revoked', revoked.key], ['expired', expired.key]] as const) {
        const res = await call(token);
        if (res.status !== 401) failures.push(`${route.method} ${route.url} with a ${name} key: got ${res.status}, expected 401`);
      }
      // A key with every scope but the one needed (or any key, when no scope opens the route): 403.
      const wrong = [...byScope.entries()].find(([s]) => s !== scope)![1];
      const denied = await call(wrong);
      if (denied.status !== 403) failures.push(`${route.method} ${route.url} with a wrong scope: got ${denied.status}, expected 403`);
      if (scope === 'none' || scope === null) continue;
      for (const token of [byScope.get(scope)!, all.key]) {
        const res = await call(token);
        if (res.status === 401 || res.status === 403 || res.status >= 500) failures.push(`${route.method} ${route.url} with scope ${scope}: got ${res.status}, expected allowed`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('tRPC: 401 anonymous, 403 without the permission, allowed otherwise', async () => {
    const failures: string[] = [];
    for (const caller of CALLERS) {
      let client = caller === 'anonymous' ? trpcClient(app) : await loginSession(app, accounts[caller]);
      for (const [name, procedure] of procedures) {
        const access = procedure._def.meta!.access;
        // No input: allowed calls stop at validation (400) or run harmlessly; denied ones must stop before.
        const denial = expectedDenial(caller, access);
        const status =
          procedure._def.type === 'subscription'
            ? await subscriptionStatus(app, name, client.cookie)
            : (procedure._def.type === 'query' ? await client.query(name) : await client.mutation(name)).status;
        const ok = denial === null ? status !== 401 && status !== 403 && status < 500 : status === denial;
        if (!ok) failures.push(`${name} as ${caller}: got ${status}, expected ${denial ?? 'allowed'}`);
        // Some allowed calls end the session (logout, sign out everywhere): log in again for the next ones.
        if (caller !== 'anonymous' && (await client.query('auth.me')).body === null) client = await loginSession(app, accounts[caller]);
      }
    }
    expect(failures).toEqual([]);
  });
});
