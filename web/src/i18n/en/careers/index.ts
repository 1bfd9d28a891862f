import type { BaseTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const careers = {
  metaTitle: 'Careers — Nexa CRM',
  metaDescription: 'Join the Nexa CRM team: benefits, open positions, locations and salary ranges.',
  title: 'Careers at Nexa CRM',
  intro: 'Help thousands of businesses work better. We are a remote-friendly team across three continents.',
  benefitsTitle: 'Why work with us',
  benefits: {
    remote: { title: 'Remote-friendly', text: 'Work from home, from one of our offices, or a mix of both.' },
    health: { title: 'Health insurance', text: 'Comprehensive health cover for you and your family.' },
    learning: { title: 'Learning budget', text: 'A yearly budget for courses, books and conferences.' },
    timeOff: { title: 'Generous time off', text: '30 days of paid leave a year, plus public holidays.' },
    equipment: { title: 'Equipment of your choice', text: 'A laptop and home-office setup that suits you.' },
    equity: { title: 'Share options', text: 'Everyone shares in the success they help create.' },
  },
  openingsTitle: 'Open positions',
  openingsCount: 'Open positions: {count}',
  department: 'Department',
  location: 'Location',
  type: 'Type',
  salary: 'Salary range',
  salaryRange: '{min} – {max} per year',
  apply: 'Apply for {title}',
  applyHint: 'To apply, write to us through the contact page with the subject "Partnership" or "Other" and the position title.',
  openings: {
    backend: { title: 'Senior Backend Engineer', department: 'Engineering', location: 'Remote (Europe)', type: 'Full-time' },
    frontend: { title: 'Frontend Engineer', department: 'Engineering', location: 'Paris, France', type: 'Full-time' },
    designer: { title: 'Product Designer', department: 'Design', location: 'Remote', type: 'Full-time' },
    success: { title: 'Customer Success Manager', department: 'Customer Success', location: 'Casablanca, Morocco', type: 'Full-time' },
    marketing: { title: 'Content Marketing Intern', department: 'Marketing', location: 'Dubai, UAE', type: 'Internship (6 months)' },
  },
} satisfies BaseTranslation;

export default careers;
