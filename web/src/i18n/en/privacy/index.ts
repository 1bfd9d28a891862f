import type { BaseTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const privacy = {
  metaTitle: 'Privacy Policy — Nexa CRM',
  metaDescription: 'What personal data Nexa CRM collects, why, how long we keep it, and your rights.',
  title: 'Privacy Policy',
  intro: 'This policy explains what personal data we collect when you use the Nexa CRM website and platform, why, and what rights you have.',
  sections: {
    collect: { title: 'What we collect', text: 'Data you give us: your name, e-mail address, company and phone number when you book a meeting, contact us, subscribe to the newsletter or create an account. Data the service needs: your login history (time, network address, device) and your active sessions, to protect your account. With your consent only: anonymous usage events (pages visited and buttons used), linked to a random per-visit identifier and not to your IP address.' },
    use: { title: 'How we use it', text: 'To answer your requests and run your bookings, to provide and secure your account, to send the newsletter you confirmed, and, with your consent, to understand which pages are useful. We do not sell your data and we do not use it for advertising.' },
    legalBasis: { title: 'Legal basis', text: 'Performing a contract or the steps you asked for (bookings, account), our legitimate interest in keeping the service secure (login history, rate limits), and your consent (newsletter, analytics), which you can withdraw at any time.' },
    retention: { title: 'How long we keep it', text: 'Account data for as long as your account exists; login history for up to 12 months; booking and contact requests for up to 3 years after our last exchange; analytics events for up to 13 months.' },
    sharing: { title: 'Who we share it with', text: 'Only with processors that help us run the service (hosting, e-mail delivery), under contracts that oblige them to protect it. We disclose data to authorities only when the law requires it.' },
    rights: { title: 'Your rights', text: 'You can ask to access, correct, delete or export your data, object to its use, or withdraw consent, by writing to privacy@nexacrm.com. You may also complain to your data protection authority.' },
    cookies: { title: 'Cookies', text: 'See our Cookie Policy for the cookies we use and how to change your choices.' },
    contact: { title: 'Contact', text: 'Questions about this policy: privacy@nexacrm.com.' },
  },
} satisfies BaseTranslation;

export default privacy;
