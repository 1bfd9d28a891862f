import type { BaseTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const cookies = {
  metaTitle: 'Cookie Policy — Nexa CRM',
  metaDescription: 'Which cookies and local storage Nexa CRM uses, and your choices for each category.',
  title: 'Cookie Policy',
  intro: 'We store a small amount of information in your browser. Necessary storage keeps the site working; the other categories are up to you. Your choice is saved in this browser.',
  categoriesTitle: 'Cookie categories',
  alwaysOn: 'Always on',
  categories: {
    necessary: { title: 'Necessary', text: 'Needed for the site to work: your language choice, your cookie choices, and the session cookie of the admin area. They cannot be switched off.' },
    analytics: { title: 'Analytics', text: 'Anonymous usage events (pages visited, buttons used) sent to our own server to improve the site. No third party, no IP address stored.' },
    marketing: { title: 'Marketing', text: 'Would let us measure our advertising campaigns. We set no marketing cookies today; this choice applies if we ever do.' },
    functional: { title: 'Functional', text: 'Remember preferences that make the site more convenient, such as the filters you last used.' },
  },
  save: 'Save preferences',
  acceptAll: 'Accept all',
  rejectOptional: 'Reject optional',
  saved: 'Your cookie preferences have been saved.',
  notChosen: 'You have not made a choice yet: nothing optional is active until you save.',
} satisfies BaseTranslation;

export default cookies;
