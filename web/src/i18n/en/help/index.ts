import type { BaseTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const help = {
  metaTitle: 'Help Center — Nexa CRM',
  metaDescription: 'Answers to common questions about Nexa CRM: getting started, account and billing, orders and deliveries, integrations.',
  title: 'Help Center',
  intro: 'Find answers to common questions, or contact our support team.',
  searchLabel: 'Search the help articles',
  searchPlaceholder: 'Search for answers...',
  categoriesTitle: 'Browse by category',
  articleCount: 'Articles: {count}',
  categories: {
    gettingStarted: { title: 'Getting started', text: 'Set up your account and take your first steps.' },
    account: { title: 'Account and billing', text: 'Manage your subscription, invoices and users.' },
    orders: { title: 'Orders and deliveries', text: 'Track orders, shipments and returns.' },
    integrations: { title: 'Integrations and API', text: 'Connect Nexa CRM to your other tools.' },
  },
  popularTitle: 'Popular articles',
  resultsTitle: 'Search results',
  resultsCount: 'Articles found: {count}',
  noResults: 'No articles match "{query}".',
  clearSearch: 'Clear search',
  stillNeedHelp: 'Still need help?',
  contactSupport: 'Contact support',
  articles: {
    startTrial: { title: 'How do I start my free trial?', body: 'Click "Start Free Trial" in the navigation bar and create your account. The trial lasts 14 days and needs no credit card.' },
    addUsers: { title: 'How do I add users to my team?', body: 'An administrator approves new accounts in the Users tab of the admin area and chooses their role: admin, manager or user.' },
    trackOrder: { title: 'How do I track an order?', body: 'Open the order in the dashboard: its status and the delivery steps are updated as soon as the carrier reports them.' },
    resetPassword: { title: 'I forgot my password', body: 'Choose "Forgot your password?" on the login page. We e-mail you a link valid for one hour; using it signs you out everywhere else.' },
    bookDemo: { title: 'How do I book a demo?', body: 'Use "Watch Demo" or "Schedule Demo" on the home page, pick a date and time, and we confirm by e-mail.' },
    warehouse: { title: 'Managing stock across warehouses', body: 'Each warehouse keeps its own stock levels; transfers between warehouses are recorded so totals always add up.' },
    invoices: { title: 'Where do I find my invoices?', body: 'Invoices are listed under Account and billing and can be downloaded as PDF at any time.' },
    api: { title: 'Getting an API key', body: 'Administrators create API keys in the settings; each key can be limited to the data it needs and revoked at any time.' },
  },
} satisfies BaseTranslation;

export default help;
