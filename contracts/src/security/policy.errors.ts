import { defineDomainErrors } from '../platform/domain-error.ts';

/** Refusals of the security policies (Security Center, "Security Policies" tab). */
export const POLICY_ERRORS = defineDomainErrors({
  policy_actor_required: { kind: 'forbidden', message: 'Only a logged-in administrator can change a security policy', internal: true },
  invalid_allow_list_entry: {
    kind: 'unprocessable',
    message: ({ entry }: { entry: string }) => `"${entry}" is not an IPv4 or IPv6 address or CIDR range`,
  },
  allow_list_empty: { kind: 'unprocessable', message: 'An enabled allow list needs at least one address or range' },
  /** The self-lockout guard: the admin saving the list must stay inside it. */
  allow_list_excludes_you: {
    kind: 'unprocessable',
    message: ({ ip }: { ip: string }) => `The allow list does not include your own address (${ip}); saving it would lock you out`,
  },
  ip_not_allowed: { kind: 'forbidden', message: 'The admin area is not open to your network address (IP allow list)' },
});
