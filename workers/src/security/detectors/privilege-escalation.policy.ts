/**
 * Privilege escalation: an account's type raised to admin (`UserTypeChanged` to `admin`). High. The policy keeps
 * the accounts' names (from their creation and profile events) to name who was raised and by whom.
 */
import { userCreatedV1, userProfileUpdatedV1, userRegisteredV1, userTypeChangedV1 } from '@crm/contracts';
import { alertIdFor, eventTime, type DetectorPolicy } from './detector.ts';

export interface PrivilegeEscalationState {
  names: Record<string, string>;
}

export function privilegeEscalationPolicy(): DetectorPolicy<PrivilegeEscalationState> {
  return {
    type: 'privilege_escalation',
    initialState: { names: {} },
    apply(state, event) {
      if (event.type === 'UserCreated' || event.type === 'UserRegistered' || event.type === 'UserProfileUpdated') {
        const schema = event.type === 'UserCreated' ? userCreatedV1 : event.type === 'UserRegistered' ? userRegisteredV1 : userProfileUpdatedV1;
        const parsed = schema.safeParse(event.data);
        return parsed.success ? { state: { names: { ...state.names, [parsed.data.userId]: parsed.data.name } }, alerts: [] } : { state, alerts: [] };
      }
      if (event.type !== 'UserTypeChanged') return { state, alerts: [] };
      const parsed = userTypeChangedV1.safeParse(event.data);
      if (!parsed.success || parsed.data.to !== 'admin' || parsed.data.from === 'admin') return { state, alerts: [] };
      const d = parsed.data;
      const name = state.names[d.userId] ?? null;
      const by = d.by ? (state.names[d.by] ?? d.by) : 'the system';
      const who = name ?? d.userId;
      return {
        state,
        alerts: [
          {
            alertId: alertIdFor('privilege_escalation', event.id),
            type: 'privilege_escalation',
            severity: 'high',
            title: `${who} was raised to admin`,
            description: `The account ${who} was changed from ${d.from} to admin by ${by}.`,
            ipAddress: null,
            userId: d.userId,
            userName: name,
            email: null,
            relatedEventIds: [event.id],
            relatedEntityIds: [d.userId],
            details: { from: d.from, to: d.to, by: d.by ? (state.names[d.by] ?? null) : null },
            detectedAt: new Date(eventTime(event)).toISOString(),
          },
        ],
      };
    },
  };
}
