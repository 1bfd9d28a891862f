/** Every detector, and one fold over all of them (the reactor's state is this record, saved as JSON). */
import type { AlertDraft, DetectorEnv, DetectorEvent, DetectorPolicy } from './detector.ts';
import { bruteForcePolicy } from './brute-force.policy.ts';
import { deactivatedLoginPolicy } from './deactivated-login.policy.ts';
import { massExportPolicy } from './mass-export.policy.ts';
import { newCountryPolicy } from './new-country.policy.ts';
import { passwordSprayingPolicy } from './password-spraying.policy.ts';
import { privilegeEscalationPolicy } from './privilege-escalation.policy.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each policy's state is its own
export type AnyPolicy = DetectorPolicy<any>;

export const defaultDetectors = (): AnyPolicy[] => [
  bruteForcePolicy(),
  passwordSprayingPolicy(),
  newCountryPolicy(),
  privilegeEscalationPolicy(),
  massExportPolicy(),
  deactivatedLoginPolicy(),
];

/** The event types any detector reads (the reactor skips the rest cheaply). */
export const DETECTED_EVENT_TYPES = new Set(['LoginFailed', 'LoginSucceeded', 'UserCreated', 'UserRegistered', 'UserProfileUpdated', 'UserTypeChanged', 'DataExported']);

export type DetectorsState = Record<string, unknown>;

export function initialDetectorsState(policies: readonly AnyPolicy[]): DetectorsState {
  return Object.fromEntries(policies.map((p) => [p.type, p.initialState]));
}

/** Applies one event to every detector: the next states and the alerts raised. Pure. */
export function applyDetectors(policies: readonly AnyPolicy[], state: DetectorsState, event: DetectorEvent, env: DetectorEnv): { state: DetectorsState; alerts: AlertDraft[] } {
  if (!DETECTED_EVENT_TYPES.has(event.type)) return { state, alerts: [] };
  const next: DetectorsState = { ...state };
  const alerts: AlertDraft[] = [];
  for (const policy of policies) {
    const result = policy.apply(state[policy.type] ?? policy.initialState, event, env);
    next[policy.type] = result.state;
    alerts.push(...result.alerts);
  }
  return { state: next, alerts };
}
