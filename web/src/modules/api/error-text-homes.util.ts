import type { ErrorCode } from '@crm/contracts';
import type { Namespaces, TranslationFunctions } from '../../i18n/i18n-types.ts';

/**
 * Codes no screen shows: stream-id collisions of generated ids, REST-only and internal refusals. They have
 * no translation; were one ever to reach a screen, the server's English message is shown.
 */
export const NEVER_SHOWN_ERROR_CODES = [
  'actor_required',
  'booking_exists',
  'contact_message_exists',
  'idempotency_key_reused',
  'login_recorded',
  'user_exists',
  'customer_exists',
  'deal_exists',
  'task_exists',
  'file_exists',
] as const satisfies readonly ErrorCode[];

export type ShownErrorCode = Exclude<ErrorCode, (typeof NEVER_SHOWN_ERROR_CODES)[number]>;

/** The namespaces with an `errors` block (an admin area's, or a public page's own). */
export type ErrorNamespace = { [N in Namespaces]: TranslationFunctions[N] extends { errors: object } ? N : never }[Namespaces];

/**
 * `base`: the base namespace's `serverErrors`, which every page downloads (the landing page too): only the
 * refusals the public pages and the login form show. Otherwise the `errors` block of a namespace.
 */
export type ErrorTextHome = 'base' | ErrorNamespace;

/**
 * Where the translation of each code the app shows lives: the namespace of every area that shows it, so
 * the landing page does not download admin error texts and an area finds its codes in the namespaces it
 * loads anyway (the customers area loads deals and tasks as well; a deal's customer code is shown by the
 * pipeline too). Typed over contracts' ERROR_CODES: a new code does not compile here until it has a home
 * or is declared never shown. i18n.unit.spec.ts checks that every home has the text in every language.
 */
export const ERROR_TEXT_HOMES = {
  // identity: accounts, users, profile
  forbidden: ['base'],
  account_deactivated: ['base'],
  user_not_found: ['users', 'profile'],
  cannot_change_self: ['users'],
  last_admin: ['users'],
  admin_change_busy: ['users'],
  email_taken: ['profile'],
  profile_changed: ['profile'],
  current_password_incorrect: ['profile'],
  password_unchanged: ['profile'],
  session_not_found: ['profile'],
  // security: login, throttles, IP blocks
  invalid_credentials: ['base'],
  awaiting_approval: ['base'],
  ip_blocked: ['base'],
  login_throttled: ['base'],
  rate_limited: ['base'],
  invalid_ip: ['security'],
  block_pending: ['security'],
  ip_already_blocked: ['security'],
  ip_not_blocked: ['security'],
  // newsletter
  newsletter_token_invalid: ['base'],
  // bookings (the public booking request is refused only by the guard: rate_limited, ip_blocked)
  booking_not_found: ['bookingsAdmin'],
  booking_not_pending: ['bookingsAdmin'],
  booking_not_confirmed: ['bookingsAdmin'],
  booking_completed: ['bookingsAdmin'],
  booking_cancelled: ['bookingsAdmin'],
  booking_status_pending: ['bookingsAdmin'],
  // customers
  customer_not_found: ['customers', 'deals'],
  customer_deleted: ['customers', 'deals'],
  customer_out_of_scope: ['customers'],
  customer_not_deleted: ['customers'],
  restore_forbidden: ['customers'],
  communication_not_found: ['customers'],
  file_not_found: ['customers'],
  attachment_not_found: ['customers'],
  // crm: assignees of customers, deals and tasks
  assign_forbidden: ['customers', 'deals'],
  assignee_not_found: ['customers', 'deals', 'tasks'],
  // deals
  deal_not_found: ['deals'],
  deal_out_of_scope: ['deals'],
  // tasks
  task_not_found: ['tasks'],
  task_out_of_scope: ['tasks'],
  task_assign_forbidden: ['tasks'],
  task_customer_not_found: ['tasks'],
  task_deal_not_found: ['tasks'],
  task_deal_customer_mismatch: ['tasks'],
} as const satisfies Record<ShownErrorCode, readonly ErrorTextHome[]>;

/** The text of `code` from the first of its homes that is loaded ('' from a namespace not loaded yet), or null. */
export function errorText(code: string, LL: TranslationFunctions): string | null {
  const homes: readonly ErrorTextHome[] = (ERROR_TEXT_HOMES as Partial<Record<string, readonly ErrorTextHome[]>>)[code] ?? [];
  for (const home of homes) {
    const texts = (home === 'base' ? LL.serverErrors : LL[home].errors) as unknown as Record<string, (() => string) | undefined>;
    const text = texts[code]?.();
    if (text) return text;
  }
  return null;
}
