import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import {
  INTEGRATION_CATALOG,
  INTEGRATIONS_ERRORS,
  MEETING_DURATION_MINUTES,
  domainError,
  integrationStreamId,
  type ConfigureIntegrationInput,
  type EventStore,
  type IntegrationId,
  type IntegrationView,
  type IntegrationsSummary,
} from '@crm/contracts';
import { handleCommand, readState } from '../../platform/command-handler.ts';
import type { CommandContext } from '../../platform/decider.ts';
import { bookingsCalendar } from '../calendar-feed/ics.ts';
import { integrationDecider, type IntegrationCommand, type IntegrationState } from './integration.decider.ts';
import { checkSmtp, type SmtpHealth } from './smtp-health.ts';
import { secretContext, type SecretBox } from '@crm/projections';

export interface MarketplaceService {
  list(): Promise<IntegrationView[]>;
  install(id: IntegrationId, ctx: CommandContext): Promise<IntegrationView>;
  configure(input: ConfigureIntegrationInput, ctx: CommandContext): Promise<IntegrationView>;
  setActive(id: IntegrationId, active: boolean, ctx: CommandContext): Promise<IntegrationView>;
  uninstall(id: IntegrationId, ctx: CommandContext): Promise<void>;
  /** A new calendar feed URL (shown once; the token is stored hashed, the old one stops working). */
  regenerateFeed(ctx: CommandContext): Promise<{ feedUrl: string }>;
  /** The feed's .ics for a token, or null (unknown token, or the feed is not installed and active). */
  calendarFeed(token: string): Promise<string | null>;
  /** Checks the mail transport now (no mail sent). */
  checkSmtp(): Promise<SmtpHealth>;
  /** The area's four cards. */
  summary(): Promise<IntegrationsSummary>;
  /** Slack's URL, settings and state (for the worker and tests). */
  state(id: IntegrationId): Promise<IntegrationState>;
}

interface Deps {
  pool: pg.Pool;
  store: EventStore;
  now: () => Date;
  smtpUrl: string | null;
  publicUrl: string | null;
  /** Seals the Slack URL at rest (and opens it to show it masked). */
  secrets: SecretBox;
}

export const FEED_PATH = '/api/integrations/calendar/';
const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

function maskUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}/…${url.slice(-4)}`;
  } catch {
    return `…${url.slice(-4)}`;
  }
}

/** Whether a table exists (other parts of the area create theirs lazily: a missing source shows '—'). */
async function exists(pool: pg.Pool, table: string): Promise<boolean> {
  const { rows } = await pool.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [table]);
  return rows[0]?.t != null;
}

export function createMarketplaceService(deps: Deps): MarketplaceService {
  const { pool, store } = deps;
  let lastSmtp: SmtpHealth | null = null;

  async function run(id: IntegrationId, command: IntegrationCommand, ctx: CommandContext): Promise<void> {
    await handleCommand(store, integrationStreamId(id), integrationDecider, command, ctx);
  }

  async function view(id: IntegrationId): Promise<IntegrationView> {
    const entry = INTEGRATION_CATALOG.find((e) => e.id === id)!;
    const [state, cred, delivery] = await Promise.all([
      readState(store, integrationStreamId(id), integrationDecider),
      pool.query<{ secret: string | null; token_hash: string | null }>('SELECT secret, token_hash FROM integration_credential WHERE integration_id = $1', [id]),
      pool.query<{ successes: string; failures: string; last_success_at: Date | null; last_failure_at: Date | null; last_error: string | null }>(
        'SELECT successes, failures, last_success_at, last_failure_at, last_error FROM integration_delivery WHERE integration_id = $1',
        [id],
      ),
    ]);
    const c = cred.rows[0];
    const d = delivery.rows[0];
    // Failing: the latest delivery failed (after the last success).
    let failing = !!d?.last_failure_at && (!d.last_success_at || d.last_failure_at > d.last_success_at);
    let lastError = failing ? (d?.last_error ?? null) : null;
    let ok: boolean | null = d ? !failing : null;
    let lastMailAt: string | null | undefined;
    let webhookCounts: { successes: number; failures: number; lastSuccessAt: string | null } | null = null;
    if (id === 'webhooks' && (await exists(pool, 'webhook_attempts'))) {
      // The generic webhooks' health: their endpoints' attempts (last 30 days); failing when the latest one failed.
      const r = (
        await pool.query<{ ok: string; bad: string; last_ok: Date | null; last_success: boolean | null; last_error: string | null }>(
          `SELECT count(*) FILTER (WHERE success) AS ok, count(*) FILTER (WHERE NOT success) AS bad,
                  max(attempted_at) FILTER (WHERE success) AS last_ok,
                  (SELECT success FROM webhook_attempts ORDER BY attempted_at DESC, id DESC LIMIT 1) AS last_success,
                  (SELECT coalesce(error, 'HTTP ' || status_code) FROM webhook_attempts ORDER BY attempted_at DESC, id DESC LIMIT 1) AS last_error
             FROM webhook_attempts WHERE attempted_at > now() - interval '30 days'`,
        )
      ).rows[0]!;
      const total = Number(r.ok) + Number(r.bad);
      if (total > 0) {
        webhookCounts = { successes: Number(r.ok), failures: Number(r.bad), lastSuccessAt: r.last_ok?.toISOString() ?? null };
        failing = r.last_success === false;
        lastError = failing ? r.last_error : null;
        ok = !failing;
      }
    }
    if (id === 'smtp') {
      lastSmtp ??= await checkSmtp(deps.smtpUrl, deps.now);
      ok = lastSmtp.ok;
      failing = !lastSmtp.ok;
      lastError = lastSmtp.error;
      lastMailAt = (await exists(pool, 'mail_sent')) ? ((await pool.query<{ at: Date | null }>('SELECT max(sent_at) AS at FROM mail_sent')).rows[0]?.at?.toISOString() ?? null) : null;
    }
    const status: IntegrationView['status'] = !state.installed ? 'available' : state.active && failing ? 'error' : state.active ? 'active' : state.configured ? 'inactive' : 'installed';
    return {
      id,
      category: entry.category,
      version: entry.version,
      features: entry.features,
      docs: entry.docs,
      installed: state.installed,
      active: state.active,
      configured: state.configured,
      status,
      installedAt: state.installedAt,
      updatedAt: state.updatedAt,
      settings: state.settings,
      secretMasked: c?.secret ? maskUrl(deps.secrets.open(c.secret, secretContext.integration(id))) : c?.token_hash ? `${FEED_PATH}…${c.token_hash.slice(-4)}.ics` : null,
      health: webhookCounts
        ? { ok, lastSuccessAt: webhookCounts.lastSuccessAt, lastError, failures: webhookCounts.failures, successes: webhookCounts.successes }
        : {
            ok,
            lastSuccessAt: d?.last_success_at?.toISOString() ?? null,
            lastError,
            failures: Number(d?.failures ?? 0),
            successes: Number(d?.successes ?? 0),
          },
      ...(id === 'smtp' ? { lastMailAt: lastMailAt ?? null } : {}),
    };
  }

  const service: MarketplaceService = {
    async list() {
      lastSmtp = null;
      return Promise.all(INTEGRATION_CATALOG.map((e) => view(e.id)));
    },

    async install(id, ctx) {
      await run(id, { type: 'Install', id }, ctx);
      return view(id);
    },

    async configure(input, ctx) {
      const { id } = input;
      const state = await readState(store, integrationStreamId(id), integrationDecider);
      if (!state.installed) throw domainError(INTEGRATIONS_ERRORS.integration_not_installed);
      const secretChanged = id === 'slack' && !!input.webhookUrl;
      if (secretChanged) {
        await pool.query(
          `INSERT INTO integration_credential (integration_id, secret, updated_at) VALUES ($1, $2, now())
           ON CONFLICT (integration_id) DO UPDATE SET secret = EXCLUDED.secret, updated_at = now()`,
          [id, deps.secrets.seal(input.webhookUrl!, secretContext.integration(id))],
        );
      }
      const hasSecret = id !== 'slack' || secretChanged || !!(await pool.query('SELECT 1 FROM integration_credential WHERE integration_id = $1 AND secret IS NOT NULL', [id])).rowCount;
      const settings = id === 'slack' ? { events: input.events ?? state.settings.events ?? [] } : {};
      await run(id, { type: 'Configure', id, settings, secretChanged, hasSecret }, ctx);
      return view(id);
    },

    async setActive(id, active, ctx) {
      await run(id, { type: 'SetActive', id, active }, ctx);
      return view(id);
    },

    async uninstall(id, ctx) {
      await run(id, { type: 'Uninstall', id }, ctx);
      await pool.query('DELETE FROM integration_credential WHERE integration_id = $1', [id]);
      await pool.query('DELETE FROM integration_delivery WHERE integration_id = $1', [id]);
    },

    async regenerateFeed(ctx) {
      const id: IntegrationId = 'calendar-feed';
      const state = await readState(store, integrationStreamId(id), integrationDecider);
      if (!state.installed) throw domainError(INTEGRATIONS_ERRORS.integration_not_installed);
      const token = randomBytes(24).toString('base64url');
      await pool.query(
        `INSERT INTO integration_credential (integration_id, token_hash, updated_at) VALUES ($1, $2, now())
         ON CONFLICT (integration_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, updated_at = now()`,
        [id, hashToken(token)],
      );
      await run(id, { type: 'Configure', id, settings: {}, secretChanged: true, hasSecret: true }, ctx);
      const base = (deps.publicUrl ?? '').replace(/\/$/, '');
      return { feedUrl: `${base}${FEED_PATH}${token}.ics` };
    },

    async calendarFeed(token) {
      if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
      const { rowCount } = await pool.query("SELECT 1 FROM integration_credential WHERE integration_id = 'calendar-feed' AND token_hash = $1", [hashToken(token)]);
      if (!rowCount) return null;
      const state = await readState(store, integrationStreamId('calendar-feed'), integrationDecider);
      if (!state.installed || !state.active) return null;
      const { rows } = await pool.query<{ id: string; name: string; company: string | null; meeting_type: string; starts_at: Date; updated_at: Date; email: string }>(
        `SELECT id::text AS id, name, company, meeting_type, starts_at, updated_at, email FROM bookings
          WHERE status = 'confirmed' AND starts_at > now() - interval '90 days' ORDER BY starts_at LIMIT 1000`,
      );
      return bookingsCalendar(
        'Nexa CRM bookings',
        rows.map((r) => ({
          uid: `booking-${r.id}@nexa-crm`,
          start: r.starts_at,
          minutes: MEETING_DURATION_MINUTES,
          summary: `${r.meeting_type}: ${r.name}${r.company ? ` (${r.company})` : ''}`,
          description: `Booking with ${r.name} <${r.email}>`,
          updated: r.updated_at,
        })),
      );
    },

    async checkSmtp() {
      lastSmtp = await checkSmtp(deps.smtpUrl, deps.now);
      return lastSmtp;
    },

    async summary() {
      const states = await Promise.all(INTEGRATION_CATALOG.map((e) => readState(store, integrationStreamId(e.id), integrationDecider)));
      const [hasLog, hasEndpoints, hasAttempts] = await Promise.all([exists(pool, 'api_log'), exists(pool, 'webhook_endpoints'), exists(pool, 'webhook_attempts')]);
      const apiRequests24h = hasLog ? Number((await pool.query<{ n: string }>("SELECT count(*) AS n FROM api_log WHERE source = 'api' AND at > now() - interval '24 hours'")).rows[0]!.n) : null;
      let webhooks: number | null = null;
      let activeWebhooks: number | null = null;
      if (hasEndpoints) {
        const r = (await pool.query<{ n: string; a: string }>('SELECT count(*) AS n, count(*) FILTER (WHERE active) AS a FROM webhook_endpoints')).rows[0]!;
        webhooks = Number(r.n);
        activeWebhooks = Number(r.a);
      }
      // Uptime: the share of successful deliveries (webhook attempts, last 30 days, and the integrations' own).
      let ok = 0;
      let total = 0;
      if (hasAttempts) {
        const r = (await pool.query<{ ok: string; n: string }>("SELECT count(*) FILTER (WHERE success) AS ok, count(*) AS n FROM webhook_attempts WHERE attempted_at > now() - interval '30 days'")).rows[0]!;
        ok += Number(r.ok);
        total += Number(r.n);
      }
      const d = (await pool.query<{ ok: string | null; n: string | null }>('SELECT sum(successes) AS ok, sum(successes + failures) AS n FROM integration_delivery')).rows[0]!;
      ok += Number(d.ok ?? 0);
      total += Number(d.n ?? 0);
      return {
        activeIntegrations: states.filter((s) => s.installed && s.active).length,
        totalIntegrations: INTEGRATION_CATALOG.length,
        apiRequests24h,
        averageUptime: total > 0 ? Math.round((ok / total) * 1000) / 10 : null,
        webhooks,
        activeWebhooks,
      };
    },

    state(id) {
      return readState(store, integrationStreamId(id), integrationDecider);
    },
  };
  return service;
}
