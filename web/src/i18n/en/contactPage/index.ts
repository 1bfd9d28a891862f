import type { BaseTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const contactPage = {
  metaTitle: 'Contact Us | Nexa CRM',
  metaDescription: 'Contact the Nexa CRM team: sales, support and partnerships. We answer within 24 business hours.',
  title: 'Contact Us',
  intro: 'Questions about Nexa CRM, a demo, a partnership? Write to us: a real person answers.',
  formTitle: 'Send us a message',
  fields: {
    name: 'Full name',
    email: 'Email',
    subject: 'Subject',
    message: 'Message',
  },
  placeholders: {
    name: 'Your name',
    email: 'you@company.com',
    subject: 'Choose a subject',
    message: 'How can we help?',
  },
  subjects: {
    sales: 'Sales',
    support: 'Support',
    partnership: 'Partnership',
    other: 'Other',
  },
  problems: {
    required: 'This field is required',
    email: 'Enter a valid e-mail address, like name@example.com',
    tooLong: 'This is too long: at most {max} characters',
    subject: 'Choose one of the subjects',
  },
  checkFields: 'Please check the highlighted fields.',
  characterCount: '{count} / {max} characters',
  submit: 'Send Message',
  submitting: 'Sending…',
  successTitle: 'Message sent!',
  successText: 'Thank you for contacting us. We will get back to you within {hours} business hours.',
  failed: 'Your message could not be sent. Please try again.',
  network: 'Network error. Please try again.',
  officesTitle: 'Our offices',
  offices: {
    paris: { name: 'Headquarters', city: 'Paris, France', address: '42 Rue de la Victoire, 75009 Paris' },
    casablanca: { name: 'Africa office', city: 'Casablanca, Morocco', address: '120 Boulevard d’Anfa, 20000 Casablanca' },
    dubai: { name: 'Middle East office', city: 'Dubai, United Arab Emirates', address: 'Dubai Internet City, Building 3' },
  },
  phoneLabel: 'Phone',
  hoursTitle: 'Business hours',
  hours: '{firstDay} to {lastDay}, {open} to {close} (GMT+1)',
  responseTitle: 'Response time',
  responseText: 'We answer every message within {hours} business hours.',
} satisfies BaseTranslation;

export default contactPage;
