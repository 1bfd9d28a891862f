import { defineDomainErrors } from '../platform/domain-error.ts';

/** Refusals of the security domain: login, login history, IP blocks and throttles (429 with Retry-After). */
export const SECURITY_ERRORS = defineDomainErrors({
  invalid_credentials: { kind: 'unprocessable', message: 'Invalid email or password' },
  awaiting_approval: { kind: 'unprocessable', message: 'This account is awaiting approval' },
  ip_blocked: { kind: 'forbidden', message: 'Access from your network address has been blocked. Contact the administrator.' },
  /** Too many failed logins (or wrong current passwords on the profile page) for an account or address. */
  login_throttled: {
    kind: 'too_many_requests',
    message: ({ seconds, failures = 'logins' }: { seconds: number; failures?: 'logins' | 'passwords' }) =>
      `${failures === 'passwords' ? 'Too many wrong passwords' : 'Too many failed login attempts'}. Try again in ${seconds} seconds.`,
  },
  /** Too many public posts (login, registration, bookings, contact, newsletter) from one address. */
  rate_limited: {
    kind: 'too_many_requests',
    message: ({ seconds }: { seconds: number }) => `Too many requests. Try again in ${seconds} seconds.`,
  },
  login_recorded: { kind: 'conflict', message: 'This login attempt is already recorded', internal: true },
  invalid_ip: { kind: 'unprocessable', message: 'Not an IPv4 or IPv6 address' },
  actor_required: { kind: 'forbidden', message: 'Only a logged-in administrator can block or unblock addresses', internal: true },
  ip_already_blocked: { kind: 'conflict', message: ({ ip }: { ip: string }) => `IP address ${ip} is already blocked` },
  ip_not_blocked: { kind: 'not_found', message: ({ ip }: { ip: string }) => `IP address ${ip} is not blocked` },
  block_pending: {
    kind: 'unprocessable',
    message: 'The change is recorded but not enforced yet; the projector is behind. Check again shortly.',
  },
});
