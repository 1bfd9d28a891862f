import type { BaseTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const terms = {
  metaTitle: 'Terms of Service — Nexa CRM',
  metaDescription: 'The terms that apply when you use the Nexa CRM website and platform.',
  title: 'Terms of Service',
  intro: 'These terms apply to your use of the Nexa CRM website and platform. By creating an account or using the service you accept them.',
  sections: {
    service: { title: 'The service', text: 'Nexa CRM is a cloud platform for managing orders, deliveries, warehouses and teams. We may improve or change features; we will tell you in advance of changes that reduce what you have paid for.' },
    accounts: { title: 'Your account', text: 'You are responsible for the accuracy of your account information and for keeping your password secret. Tell us at once if you suspect unauthorised use. Accounts created by registration are activated after approval by an administrator.' },
    trial: { title: 'Free trial', text: 'The free trial lasts 14 days and requires no credit card. At the end of the trial you can choose a plan or stop using the service.' },
    use: { title: 'Acceptable use', text: 'Do not use the service to break the law, to send spam, to attack other systems, or to store content you have no right to store. We may suspend accounts that do.' },
    data: { title: 'Your data', text: 'Data you put into the platform remains yours. We process it only to provide the service, as described in our Privacy Policy, and you can export it at any time.' },
    payment: { title: 'Fees', text: 'Paid plans are billed in advance for each period. Prices are shown before you subscribe; taxes may apply.' },
    liability: { title: 'Liability', text: 'We provide the service with reasonable care. To the extent the law allows, we are not liable for indirect losses, and our total liability is limited to the fees you paid in the last 12 months.' },
    termination: { title: 'Ending the agreement', text: 'You may close your account at any time. We may end it for a serious breach of these terms, after notice where possible.' },
    law: { title: 'Applicable law', text: 'These terms are governed by French law; the courts of Paris have jurisdiction, without prejudice to the protections of your country of residence.' },
  },
} satisfies BaseTranslation;

export default terms;
