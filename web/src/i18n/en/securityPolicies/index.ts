import type { BaseTranslation } from '../../i18n-types.ts';

/** The Security Center's Security Policies tab (issue 14): four enforced policies, changed as audited events. */
const securityPolicies = {
  title: 'Security Policies',
  intro: 'Four policies, each enforced by the server. Every change is recorded in the audit log with who made it.',
  loadFailed: 'Failed to load the security policies. Please try again.',
  retry: 'Retry',
  viewRules: 'View Rules',
  edit: 'Edit',
  close: 'Close',
  cancel: 'Cancel',
  save: 'Save',
  readOnly: 'You can view the policies; changing them needs the security management permission.',
  status: {
    enforced: 'Enforced',
    defaults: 'Default settings',
    off: 'Off',
  },
  category: {
    authentication: 'Authentication',
    access: 'Access control',
  },
  changed: 'Changed {when}',
  notChanged: 'Not changed since installation',
  enforcedAt: 'Where it is enforced',
  rules: 'Rules',
  kinds: {
    password: {
      name: 'Password policy',
      description: 'How long a new password must be, and whether passwords found in a list of common passwords are refused (NIST SP 800-63B: no composition rules).',
      enforcedAt: 'Registration, password reset, password change in the Profile tab and invitation acceptance.',
    },
    session: {
      name: 'Session timeouts',
      description: 'How long a session may stay unused, and how long any session lasts after login.',
      enforcedAt: 'Every request of a logged-in session, and a sweep every minute.',
    },
    mfa: {
      name: 'Multi-factor authentication',
      description: 'The roles whose accounts must use a second step (an authenticator app code) at login.',
      enforcedAt: 'Login: an account of such a role without MFA is led through enrolment.',
    },
    adminIpAllowList: {
      name: 'Admin area IP allow list',
      description: 'When on, the admin area answers only requests from these addresses and ranges.',
      enforcedAt: 'Every admin screen and API call that needs a permission (login and your own profile stay open).',
    },
  },
  rule: {
    minLength: 'Minimum length: {count:number} {{character|characters}}',
    refuseCommon: 'Passwords on the common-password list (about 49,000 entries) are refused',
    allowCommon: 'The common-password list is not checked',
    noComposition: 'No rules about upper case, digits or symbols',
    idle: 'Ends after {count:number} {{minute|minutes}} unused',
    absolute: 'Ends {hours} hours after login, used or not',
    mfaRoles: 'Required for: {roles}',
    mfaNone: 'Not required for any role',
    allowListOff: 'Off: the admin area is open from any address',
    allowListOn: 'On: {count:number} {{entry|entries}}',
  },
  fields: {
    minLength: 'Minimum length (characters)',
    minLengthHint: 'From {min:number} to {max:number}. NIST SP 800-63B asks for at least 8.',
    refuseCommon: 'Refuse common passwords',
    idleMinutes: 'Idle timeout (minutes)',
    idleHint: 'From {min:number} to {max:number} minutes.',
    absoluteHours: 'Absolute timeout (hours)',
    absoluteHint: 'From {min} to {max} hours. A shorter value ends open sessions at once.',
    roles: 'Roles that must use MFA',
    enabled: 'Allow list on',
    entries: 'Addresses and ranges',
    entriesHint: 'One per line: an IPv4 or IPv6 address, or a CIDR range such as 10.0.0.0/8.',
    yourIp: 'Your address: {ip}',
    addYourIp: 'Add my address',
    invalid: 'Check this value.',
  },
  toasts: {
    saved: 'Policy saved',
    savedText: '{name} is now in force.',
    failed: 'The policy was not saved.',
  },
  errors: {
    invalid_allow_list_entry: 'An entry is not an IPv4 or IPv6 address or CIDR range.',
    allow_list_empty: 'An allow list that is on needs at least one address or range.',
    allow_list_excludes_you: 'The list does not include your own address: saving it would lock you out.',
    ip_not_allowed: 'The admin area is not open to your network address (IP allow list).',
  },
} satisfies BaseTranslation;

export default securityPolicies;
