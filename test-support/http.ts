/**
 * HTTP clients for e2e tests against a running TestApp: REST (bearer tokens) and tRPC (session cookie plus
 * the CSRF header the web app sends), and accounts of every role.
 */
import { randomUUID } from 'node:crypto';
import type { UserType } from '@crm/contracts';
import { createAccounts } from '../services/src/identity/accounts.ts';
import type { TestApp } from './app.ts';

export interface ApiResponse {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  body: any;
  headers: Headers;
}

/** REST call: JSON in and out; `token` becomes `Authorization: Bearer`. */
export async function rest(app: TestApp, path: string, init: RequestInit & { json?: unknown; token?: string } = {}): Promise<ApiResponse> {
  const headers = new Headers(init.headers);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const res = await fetch(`${app.baseUrl}${path}`, { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: res.status, body, headers: res.headers };
}

/** A browser-like tRPC client: keeps the session cookie, sends Origin and the CSRF header on mutations. */
export function trpcClient(app: TestApp, options: { cookie?: string | null; userAgent?: string } = {}) {
  let cookie = options.cookie ?? null;
  const headers = (): Record<string, string> => ({
    ...(cookie ? { cookie } : {}),
    ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
  });
  async function handle(res: Response): Promise<ApiResponse> {
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) {
      const pair = setCookie.split(';')[0]!;
      cookie = pair.endsWith('=') ? null : pair;
    }
    const text = await res.text();
    const json = text ? JSON.parse(text) : null;
    const body = json && typeof json === 'object' && 'result' in json ? json.result.data : json && typeof json === 'object' && 'error' in json ? json.error : json;
    return { status: res.status, body: body ?? null, headers: res.headers };
  }
  return {
    get cookie() {
      return cookie;
    },
    async query(path: string, input?: unknown) {
      const qs = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
      return handle(await fetch(`${app.baseUrl}/trpc/${path}${qs}`, { headers: headers() }));
    },
    async mutation(path: string, input?: unknown) {
      return handle(
        await fetch(`${app.baseUrl}/trpc/${path}`, {
          method: 'POST',
          headers: { ...headers(), 'content-type': 'application/json', 'x-crm-csrf': '1', origin: app.baseUrl },
          body: input === undefined ? undefined : JSON.stringify(input),
        }),
      );
    },
  };
}

export interface TestAccount {
  id: string;
  name: string;
  email: string;
  password: string;
  userType: UserType;
}

/**
 * An account of the given type, made through the same accounts module the app uses (not through the
 * registration endpoint: tests of other features should not depend on it). Approved and active by default.
 */
export async function createAccount(
  app: TestApp,
  options: { userType?: UserType; approved?: boolean; name?: string; email?: string; password?: string } = {},
): Promise<TestAccount> {
  const accounts = createAccounts({ pool: app.platform.pool, store: app.platform.store });
  const userType = options.userType ?? 'user';
  const email = options.email ?? `${userType}.${randomUUID().slice(0, 8)}@example.com`;
  const password = options.password ?? 'a-long-test-password';
  const name = options.name ?? `Test ${userType}`;
  const id = await accounts.create(
    { name, email, password, userType, approved: options.approved ?? true },
    { now: new Date(), userId: null, metadata: { correlationId: 'test', userId: null, causationId: null } },
  );
  return { id, name, email, password, userType };
}

/** Logs in through POST /api/admin/login and returns the bearer token. */
export async function loginToken(app: TestApp, account: { email: string; password: string }): Promise<string> {
  const res = await rest(app, '/api/admin/login', { method: 'POST', json: { email: account.email, password: account.password } });
  if (res.status !== 200 || !res.body?.token) throw new Error(`login failed for ${account.email}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

/** Logs in through tRPC (cookie session, as the web app does). */
export async function loginSession(app: TestApp, account: { email: string; password: string }, options: { userAgent?: string } = {}) {
  const client = trpcClient(app, options);
  const res = await client.mutation('auth.login', { email: account.email, password: account.password });
  if (res.status !== 200) throw new Error(`login failed for ${account.email}: ${res.status} ${JSON.stringify(res.body)}`);
  return client;
}
