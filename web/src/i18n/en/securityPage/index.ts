import type { BaseTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const securityPage = {
  metaTitle: 'Security — Nexa CRM',
  metaDescription: 'How Nexa CRM protects accounts and data: Argon2id passwords, secure sessions, login throttling, login audit, and how to report a vulnerability.',
  title: 'Security at Nexa CRM',
  intro: 'What we actually do to keep your account and your data safe, in plain words.',
  featuresTitle: 'How we protect your account',
  features: {
    passwords: { title: 'Strong password hashing', text: 'Passwords are never stored, only an Argon2id hash with the parameters OWASP recommends. Passwords must be at least 8 characters.' },
    sessions: { title: 'Secure sessions', text: 'A new session at every login, in a cookie scripts cannot read, ending after 30 minutes of inactivity and after 12 hours in any case. You can see and end your sessions from your profile.' },
    throttling: { title: 'Protection against password guessing', text: 'Failed logins are slowed down per account and per network address, and administrators can block abusive addresses. Public forms are rate limited.' },
    audit: { title: 'Login history', text: 'Every login attempt, successful or not, is recorded with time, address and device, and administrators can review it.' },
    web: { title: 'Hardened web application', text: 'Cross-site request forgery checks, a strict Content-Security-Policy and no third-party scripts.' },
    privacy: { title: 'Privacy by default', text: 'No analytics without your consent; analytics events keep no IP address.' },
  },
  certificationsTitle: 'Standards we follow',
  certifications: {
    asvs: { title: 'OWASP ASVS 5.0', text: 'Our baseline for authentication, sessions and access control.' },
    gdpr: { title: 'GDPR', text: 'Consent before optional cookies, data minimisation, and your rights of access and deletion.' },
    nist: { title: 'NIST SP 800-63B', text: 'Password rules: length over complexity, no forced periodic changes.' },
  },
  practicesTitle: 'Best practices for your team',
  practices: {
    uniquePassword: 'Use a unique, long password (a password manager helps).',
    reviewSessions: 'Review your active sessions in your profile and end the ones you do not recognise.',
    leastPrivilege: 'Give each person the lowest role they need: user, manager or admin.',
    reviewHistory: 'Administrators: check the login history for unusual failed attempts.',
    phishing: 'We never ask for your password by e-mail or phone.',
  },
  reportTitle: 'Report a vulnerability',
  reportText: 'Found a security issue? Please tell us privately at the address below, with the steps to reproduce it. We acknowledge reports within two business days and do not take action against good-faith research.',
} satisfies BaseTranslation;

export default securityPage;
