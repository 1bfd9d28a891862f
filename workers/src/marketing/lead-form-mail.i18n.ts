/**
 * The strings around a lead form's auto-responder (its subject and message are the marketer's own), in each
 * product language (a missing key is a compile error). The submitter reads it in the language of the page.
 */
import type { Locale } from '@crm/contracts';

export interface LeadFormMailStrings {
  dir: 'ltr' | 'rtl';
  signature: string;
  greeting(name: string | null): string;
  /** Heading of the copy of the submitter's answers. */
  yourAnswers: string;
  yes: string;
}

export const LEAD_FORM_MAIL_STRINGS: Record<Locale, LeadFormMailStrings> = {
  en: {
    dir: 'ltr',
    signature: 'The Nexa CRM team',
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    yourAnswers: 'What you sent us:',
    yes: 'Yes',
  },
  fr: {
    dir: 'ltr',
    signature: "L'équipe Nexa CRM",
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    yourAnswers: 'Ce que vous nous avez envoyé :',
    yes: 'Oui',
  },
  ar: {
    dir: 'rtl',
    signature: 'فريق Nexa CRM',
    greeting: (name) => (name ? `مرحبًا ${name}،` : 'مرحبًا،'),
    yourAnswers: 'ما أرسلته إلينا:',
    yes: 'نعم',
  },
};
