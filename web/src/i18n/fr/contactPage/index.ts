import type { NamespaceContactPageTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const contactPage = {
  metaTitle: 'Contactez-nous | Nexa CRM',
  metaDescription: "Contactez l'équipe Nexa CRM : ventes, support et partenariats. Nous répondons sous 24 heures ouvrées.",
  title: 'Contactez-nous',
  intro: "Une question sur Nexa CRM, une démo, un partenariat ? Écrivez-nous : une vraie personne vous répond.",
  formTitle: 'Envoyez-nous un message',
  fields: {
    name: 'Nom complet',
    email: 'E-mail',
    subject: 'Objet',
    message: 'Message',
  },
  placeholders: {
    name: 'Votre nom',
    email: 'vous@entreprise.com',
    subject: 'Choisissez un objet',
    message: 'Comment pouvons-nous vous aider ?',
  },
  subjects: {
    sales: 'Ventes',
    support: 'Support',
    partnership: 'Partenariat',
    other: 'Autre',
  },
  problems: {
    required: 'Ce champ est obligatoire',
    email: 'Saisissez une adresse e-mail valide, par exemple nom@exemple.com',
    tooLong: 'Trop long : {max} caractères au maximum',
    subject: "Choisissez l'un des objets proposés",
  },
  checkFields: 'Veuillez vérifier les champs signalés.',
  characterCount: '{count} / {max} caractères',
  submit: 'Envoyer le message',
  submitting: 'Envoi…',
  successTitle: 'Message envoyé !',
  successText: 'Merci de nous avoir contactés. Nous vous répondrons sous {hours} heures ouvrées.',
  failed: "Votre message n'a pas pu être envoyé. Veuillez réessayer.",
  network: 'Erreur réseau. Veuillez réessayer.',
  officesTitle: 'Nos bureaux',
  offices: {
    paris: { name: 'Siège social', city: 'Paris, France', address: '42 rue de la Victoire, 75009 Paris' },
    casablanca: { name: 'Bureau Afrique', city: 'Casablanca, Maroc', address: '120 boulevard d’Anfa, 20000 Casablanca' },
    dubai: { name: 'Bureau Moyen-Orient', city: 'Dubaï, Émirats arabes unis', address: 'Dubai Internet City, bâtiment 3' },
  },
  phoneLabel: 'Téléphone',
  hoursTitle: "Heures d'ouverture",
  hours: 'Du {firstDay} au {lastDay}, de {open} à {close} (GMT+1)',
  responseTitle: 'Délai de réponse',
  responseText: 'Nous répondons à chaque message sous {hours} heures ouvrées.',
} satisfies NamespaceContactPageTranslation;

export default contactPage;
