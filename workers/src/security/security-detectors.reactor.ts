/**
 * The security detectors as a reactor: every event goes through the pure detector policies
 * (detectors/detectors.ts); each alert they raise is appended as `SecurityAlertRaised` to its own stream
 * `security-alert-<alertId>` with `no_stream`, so a replayed event (at-least-once delivery) finds the stream
 * taken and raises nothing twice.
 *
 * The detectors' state is saved in `security_detector_state` with the checkpoint of the last event folded into
 * it. Events at or before that checkpoint are skipped, so a batch replayed after a crash (between our save and
 * the runner's checkpoint) is not counted twice. The state is a fold of events with the events' own times:
 * forgetting both (`resetSecurityDetectors`) and replaying the store gives the same state and the same alert ids.
 *
 * A new high or critical alert is mailed to the admins (security-alert-mailer.ts) right after it is raised, also
 * when the append finds it raised already (a crash between raising and mailing): the mail's job id dedupes.
 */
import type pg from 'pg';
import {
  WrongExpectedVersionError,
  securityAlertEventSchemas,
  securityAlertStreamId,
  type EventStore,
  type RecordedEvent,
} from '@crm/contracts';
import type { WorkerLogger } from '../logger.ts';
import type { Reactor } from '../reactors/reactor-runner.ts';
import type { AlertDraft, DetectorEnv } from './detectors/detector.ts';
import type { AlertMailer } from './security-alert-mailer.ts';
import { type AnyPolicy, DETECTED_EVENT_TYPES, type DetectorsState, applyDetectors, defaultDetectors, initialDetectorsState } from './detectors/detectors.ts';

export const SECURITY_DETECTORS_REACTOR = 'security-detectors';

export const SECURITY_DETECTOR_STATE_SQL = `
CREATE TABLE IF NOT EXISTS security_detector_state (
  name text PRIMARY KEY,
  checkpoint text,
  state jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
)`;

export interface SecurityDetectorsDeps {
  store: EventStore;
  pool: Pick<pg.Pool, 'query'>;
  log: WorkerLogger;
  env?: Partial<DetectorEnv>;
  policies?: AnyPolicy[];
  /** The reactor's name and its state row (default `security-detectors`; a test replaying beside the live one). */
  name?: string;
  /** Mails new high or critical alerts (none without it). */
  mailer?: AlertMailer;
}

/** Forgets the detectors' state (with the reactor's checkpoint reset, the next start replays every event). */
export async function resetSecurityDetectors(pool: Pick<pg.Pool, 'query'>): Promise<void> {
  await pool.query(SECURITY_DETECTOR_STATE_SQL);
  await pool.query('DELETE FROM security_detector_state WHERE name = $1', [SECURITY_DETECTORS_REACTOR]);
}

/** The alert as its event: validated against the contract. */
export function alertEvent(alert: AlertDraft, cause: RecordedEvent) {
  const data = securityAlertEventSchemas.SecurityAlertRaised.schema.parse(alert);
  return {
    id: alert.alertId,
    type: 'SecurityAlertRaised' as const,
    schemaVersion: securityAlertEventSchemas.SecurityAlertRaised.version,
    data,
    metadata: { correlationId: cause.metadata.correlationId, causationId: cause.id, userId: null, ip: null, userAgent: null },
  };
}

export function securityDetectorsReactor(deps: SecurityDetectorsDeps): Reactor {
  const { store, pool, log } = deps;
  const name = deps.name ?? SECURITY_DETECTORS_REACTOR;
  const policies = deps.policies ?? defaultDetectors();
  const env: DetectorEnv = { countryOf: deps.env?.countryOf ?? (() => null) };
  let tableReady = false;

  async function load(): Promise<{ checkpoint: string | null; state: DetectorsState }> {
    if (!tableReady) {
      await pool.query(SECURITY_DETECTOR_STATE_SQL);
      tableReady = true;
    }
    const { rows } = await pool.query<{ checkpoint: string | null; state: DetectorsState }>('SELECT checkpoint, state FROM security_detector_state WHERE name = $1', [name]);
    return rows[0] ?? { checkpoint: null, state: initialDetectorsState(policies) };
  }

  async function raise(alert: AlertDraft, cause: RecordedEvent) {
    try {
      await store.append(securityAlertStreamId(alert.alertId), [alertEvent(alert, cause)], { expectedVersion: 'no_stream' });
      log.warn({ alertId: alert.alertId, type: alert.type, severity: alert.severity, causationId: cause.id }, 'security alert raised');
    } catch (err) {
      // Raised before (a replayed event): the stream exists already.
      if (!(err instanceof WrongExpectedVersionError)) throw err;
    }
    await deps.mailer?.(alert);
  }

  return {
    name,
    async handle(events) {
      const relevant = events.filter((e) => DETECTED_EVENT_TYPES.has(e.type));
      if (relevant.length === 0) return;
      let { checkpoint, state } = await load();
      let changed = false;
      for (const event of relevant) {
        if (checkpoint && store.compareCheckpoints(event.checkpoint, checkpoint) <= 0) continue;
        const result = applyDetectors(policies, state, event, env);
        state = result.state;
        for (const alert of result.alerts) await raise(alert, event);
        checkpoint = event.checkpoint;
        changed = true;
      }
      if (!changed) return;
      await pool.query(
        `INSERT INTO security_detector_state (name, checkpoint, state, updated_at) VALUES ($1, $2, $3, now())
         ON CONFLICT (name) DO UPDATE SET checkpoint = EXCLUDED.checkpoint, state = EXCLUDED.state, updated_at = now()`,
        [name, checkpoint, JSON.stringify(state)],
      );
    },
  };
}
