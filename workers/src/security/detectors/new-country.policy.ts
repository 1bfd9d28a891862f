/**
 * Login from a country not seen for that user: a successful login whose address maps to a country (offline
 * lookup; local and unknown addresses are skipped) that none of the account's earlier successful logins came
 * from. The first located login only records the country. Medium.
 */
import { alertIdFor, eventTime, type DetectorPolicy } from './detector.ts';
import { succeededLogin } from './login-facts.ts';

export interface NewCountryState {
  /** Countries each account has logged in from. */
  countries: Record<string, string[]>;
}

export function newCountryPolicy(): DetectorPolicy<NewCountryState> {
  return {
    type: 'new_country',
    initialState: { countries: {} },
    apply(state, event, env) {
      const login = succeededLogin(event);
      if (!login) return { state, alerts: [] };
      const country = env.countryOf(login.ip);
      if (!country) return { state, alerts: [] };
      const seen = state.countries[login.userId] ?? [];
      if (seen.includes(country)) return { state, alerts: [] };
      const next = { countries: { ...state.countries, [login.userId]: [...seen, country] } };
      if (seen.length === 0) return { state: next, alerts: [] };
      return {
        state: next,
        alerts: [
          {
            alertId: alertIdFor('new_country', event.id),
            type: 'new_country',
            severity: 'medium',
            title: `Login from a new country (${country}) for ${login.userName}`,
            description: `${login.userName} (${login.email}) logged in from ${login.ip} in ${country}; earlier logins came from ${seen.join(', ')}.`,
            ipAddress: login.ip,
            userId: login.userId,
            userName: login.userName,
            email: login.email,
            relatedEventIds: [event.id],
            relatedEntityIds: [login.loginId],
            details: { country, previous: seen.join(', ') },
            detectedAt: new Date(eventTime(event)).toISOString(),
          },
        ],
      };
    },
  };
}
