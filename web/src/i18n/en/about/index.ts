import type { BaseTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const about = {
  metaTitle: 'About us — Nexa CRM',
  metaDescription: 'Who we are: the team behind Nexa CRM, our mission, our values and our story since 2020.',
  title: 'About Nexa CRM',
  intro: 'We build the cloud platform that lets growing businesses run orders, deliveries, warehouses and teams from one place.',
  missionTitle: 'Our mission',
  mission: 'Give every business owner, merchant and logistics team the tools large companies have, without the cost or the complexity. Less time on spreadsheets, more time with customers.',
  valuesTitle: 'Our values',
  values: {
    customers: { title: 'Customers first', text: 'Every feature starts from a real problem a customer told us about.' },
    simplicity: { title: 'Simplicity', text: 'Powerful does not have to mean complicated: we remove steps, not add them.' },
    trust: { title: 'Trust and security', text: 'Your data is yours. We protect it as if it were our own and say plainly what we do with it.' },
    improvement: { title: 'Continuous improvement', text: 'We ship small improvements every week and measure whether they helped.' },
  },
  statsTitle: 'Nexa CRM in numbers',
  stats: {
    founded: 'Founded',
    team: 'Team members',
    countries: 'Countries served',
    customers: 'Customers',
  },
  ctaTitle: 'Want to work with us?',
  ctaCareers: 'See open positions',
  ctaContact: 'Contact us',
} satisfies BaseTranslation;

export default about;
