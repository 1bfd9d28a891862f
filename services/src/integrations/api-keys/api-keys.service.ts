import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { apiKeyStreamId, type ApiKeyCreateInput, type ApiKeyScope, type ApiKeyView, type CreatedApiKey, type EventStore } from '@crm/contracts';
import { findApiKey, listApiKeys, type ApiKeyRow } from '@crm/projections';
import type { SessionUser } from '../../identity/accounts.ts';
import { handleCommand } from '../../platform/command-handler.ts';
import type { CommandContext } from '../../platform/decider.ts';
import type { ApiKeyPrincipal } from '../../platform/request-context.ts';
import { waitForProjection } from '../../platform/read-your-writes.ts';
import { apiKeyDecider } from './api-key.decider.ts';
import { API_KEY_PREFIX, apiKeyLast4, generateApiKey, hashApiKey, isWellFormedApiKey, maskApiKey } from './api-key.format.ts';

/** Why a key was refused (401): the code goes to the client, never the key. */
export type ApiKeyRefusal = 'api_key_invalid' | 'api_key_revoked' | 'api_key_expired' | 'api_key_creator_inactive';

export type ApiKeyAuthentication = { ok: true; principal: ApiKeyPrincipal; creator: SessionUser } | { ok: false; code: ApiKeyRefusal };

export interface ApiKeyRateLimit {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
  windowSeconds: number;
}

export interface ApiKeysService {
  create(input: ApiKeyCreateInput, creator: SessionUser, ctx: CommandContext): Promise<CreatedApiKey>;
  revoke(id: string, ctx: CommandContext): Promise<void>;
  list(): Promise<ApiKeyView[]>;
  /** A bearer token that starts with `crm_live_`: the key's principal and its creator as they are now, or why not. */
  authenticate(token: string): Promise<ApiKeyAuthentication>;
  /** Counts one request against the key's per-minute limit; null when the limit is off. */
  rateLimit(keyId: string): Promise<ApiKeyRateLimit | null>;
  /** Notes a use (flushed in batches: usage is operational data, not an event per request). */
  recordUse(keyId: string): void;
  /** Writes the pending usage counts. */
  flushUsage(): Promise<void>;
}

interface Deps {
  pool: pg.Pool;
  store: EventStore;
  now: () => Date;
  loadUser(userId: string): Promise<SessionUser | null>;
  rateLimit: { max: number; windowMs: number };
}

const PROJECTION = 'integration_api_keys';
const WAIT_MS = 10_000;

export function createApiKeysService(deps: Deps): ApiKeysService {
  const { pool, store } = deps;
  const pending = new Map<string, { count: number; last: Date }>();
  let lastPrune = 0;

  function status(row: ApiKeyRow): ApiKeyView['status'] {
    if (row.revokedAt) return 'revoked';
    if (row.expiresAt && new Date(row.expiresAt).getTime() <= deps.now().getTime()) return 'expired';
    return 'active';
  }

  async function names(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    try {
      const { rows } = await pool.query<{ id: string; name: string }>('SELECT id::text AS id, name FROM users WHERE id::text = ANY($1)', [ids]);
      return new Map(rows.map((r) => [r.id, r.name]));
    } catch {
      return new Map();
    }
  }

  async function usage(ids: string[]): Promise<Map<string, { lastUsedAt: string | null; usageCount: number }>> {
    if (ids.length === 0) return new Map();
    const { rows } = await pool.query<{ key_id: string; last_used_at: Date | null; usage_count: string }>(
      'SELECT key_id::text AS key_id, last_used_at, usage_count FROM integration_api_key_credential WHERE key_id::text = ANY($1)',
      [ids],
    );
    return new Map(rows.map((r) => [r.key_id, { lastUsedAt: r.last_used_at?.toISOString() ?? null, usageCount: Number(r.usage_count) }]));
  }

  async function views(rows: ApiKeyRow[]): Promise<ApiKeyView[]> {
    const ids = rows.map((r) => r.id);
    const [byName, byUse] = await Promise.all([names([...new Set(rows.map((r) => r.createdBy))]), usage(ids)]);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      scopes: r.scopes,
      masked: maskApiKey(r.prefix, r.last4),
      status: status(r),
      expiresAt: r.expiresAt,
      createdAt: r.createdAt,
      createdBy: r.createdBy,
      createdByName: byName.get(r.createdBy) ?? null,
      revokedAt: r.revokedAt,
      lastUsedAt: byUse.get(r.id)?.lastUsedAt ?? null,
      usageCount: byUse.get(r.id)?.usageCount ?? 0,
    }));
  }

  const service: ApiKeysService = {
    async create(input, creator, ctx) {
      const keyId = randomUUID();
      const key = generateApiKey();
      // The hash first (private, like a password hash); the event then makes the key exist. A key whose event
      // was refused keeps an orphan hash that authenticates nothing (no read-model row).
      await pool.query('INSERT INTO integration_api_key_credential (key_id, key_hash) VALUES ($1, $2)', [keyId, hashApiKey(key)]);
      let result;
      try {
        result = await handleCommand(
          store,
          apiKeyStreamId(keyId),
          apiKeyDecider,
          {
            type: 'CreateApiKey',
            keyId,
            name: input.name,
            scopes: input.scopes as ApiKeyScope[],
            prefix: API_KEY_PREFIX,
            last4: apiKeyLast4(key),
            expiresAt: input.expiresAt ?? null,
            creatorRole: creator.userType,
          },
          ctx,
          { expectNew: true },
        );
      } catch (err) {
        await pool.query('DELETE FROM integration_api_key_credential WHERE key_id = $1', [keyId]);
        throw err;
      }
      await waitForProjection(deps, PROJECTION, result.checkpoint, WAIT_MS);
      const row = await findApiKey(pool, keyId);
      const [view] = row
        ? await views([row])
        : [
            {
              id: keyId,
              name: input.name,
              scopes: input.scopes,
              masked: maskApiKey(API_KEY_PREFIX, apiKeyLast4(key)),
              status: 'active' as const,
              expiresAt: input.expiresAt ? new Date(input.expiresAt).toISOString() : null,
              createdAt: ctx.now.toISOString(),
              createdBy: creator.id,
              createdByName: creator.name,
              revokedAt: null,
              lastUsedAt: null,
              usageCount: 0,
            },
          ];
      return { ...view!, key };
    },

    async revoke(id, ctx) {
      const result = await handleCommand(store, apiKeyStreamId(id), apiKeyDecider, { type: 'RevokeApiKey', keyId: id }, ctx);
      await waitForProjection(deps, PROJECTION, result.checkpoint, WAIT_MS);
    },

    async list() {
      await service.flushUsage();
      return views(await listApiKeys(pool));
    },

    async authenticate(token) {
      if (!isWellFormedApiKey(token)) return { ok: false, code: 'api_key_invalid' };
      let row: { key_id: string; name: string; scopes: string[]; expires_at: Date | null; created_by: string; revoked_at: Date | null } | undefined;
      try {
        const { rows } = await pool.query(
          `SELECT k.id::text AS key_id, k.name, k.scopes, k.expires_at, k.created_by, k.revoked_at
             FROM integration_api_key_credential c JOIN integration_api_keys k ON k.id = c.key_id
            WHERE c.key_hash = $1`,
          [hashApiKey(token)],
        );
        row = rows[0];
      } catch (err) {
        if ((err as { code?: string }).code === '42P01') return { ok: false, code: 'api_key_invalid' };
        throw err;
      }
      if (!row) return { ok: false, code: 'api_key_invalid' };
      if (row.revoked_at) return { ok: false, code: 'api_key_revoked' };
      if (row.expires_at && row.expires_at.getTime() <= deps.now().getTime()) return { ok: false, code: 'api_key_expired' };
      // The creator as they are now: deactivated, suspended or locked, the key authenticates nothing.
      const creator = await deps.loadUser(row.created_by);
      if (!creator) return { ok: false, code: 'api_key_creator_inactive' };
      return { ok: true, principal: { id: row.key_id, name: row.name, scopes: row.scopes }, creator };
    },

    async rateLimit(keyId) {
      const { max, windowMs } = deps.rateLimit;
      if (max <= 0) return null;
      const now = deps.now().getTime();
      const start = Math.floor(now / windowMs) * windowMs;
      const { rows } = await pool.query<{ hits: number }>(
        `INSERT INTO rate_limit_hit (bucket, key, window_start, hits) VALUES ('api_key', $1, $2, 1)
         ON CONFLICT (bucket, key, window_start) DO UPDATE SET hits = rate_limit_hit.hits + 1
         RETURNING hits`,
        [keyId, new Date(start)],
      );
      if (now - lastPrune > windowMs) {
        lastPrune = now;
        void pool.query(`DELETE FROM rate_limit_hit WHERE bucket = 'api_key' AND window_start < $1`, [new Date(start - windowMs)]).catch(() => {});
      }
      const hits = rows[0]!.hits;
      return {
        allowed: hits <= max,
        limit: max,
        remaining: Math.max(0, max - hits),
        resetSeconds: Math.max(1, Math.ceil((start + windowMs - now) / 1000)),
        windowSeconds: Math.round(windowMs / 1000),
      };
    },

    recordUse(keyId) {
      const entry = pending.get(keyId);
      const now = deps.now();
      if (entry) {
        entry.count++;
        entry.last = now;
      } else pending.set(keyId, { count: 1, last: now });
    },

    async flushUsage() {
      if (pending.size === 0) return;
      const batch = [...pending.entries()];
      pending.clear();
      try {
        await pool.query(
          `UPDATE integration_api_key_credential c
              SET usage_count = c.usage_count + u.count, last_used_at = GREATEST(c.last_used_at, u.last)
             FROM unnest($1::uuid[], $2::bigint[], $3::timestamptz[]) AS u(key_id, count, last)
            WHERE c.key_id = u.key_id`,
          [batch.map(([id]) => id), batch.map(([, e]) => e.count), batch.map(([, e]) => e.last)],
        );
      } catch (err) {
        // Put the counts back for the next flush.
        for (const [id, e] of batch) {
          const now = pending.get(id);
          pending.set(id, now ? { count: now.count + e.count, last: now.last > e.last ? now.last : e.last } : e);
        }
        throw err;
      }
    },
  };
  return service;
}
